//! The `serde` feature: the value types serialize as their text forms.

use std::borrow::Cow;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{File, Move, Position, Rank, Side, Square};

/// `Serialize` as `Display` and `Deserialize` through `FromStr`, for types whose text form is
/// their identity.
macro_rules! as_text {
    ($($ty:ty),*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = Cow::<'de, str>::deserialize(deserializer)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    )*};
}

as_text!(Square, File, Rank, Side, Move, Position);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_their_text() {
        let mv: Move = "l2-k3".parse().unwrap();
        assert_eq!(serde_json::to_string(&mv).unwrap(), r#""l2-k3""#);
        assert_eq!(serde_json::from_str::<Move>(r#""l2-k3""#).unwrap(), mv);
        assert_eq!(serde_json::to_string(&Side::O).unwrap(), r#""o""#);
        assert_eq!(serde_json::to_string(&File::ALL[11]).unwrap(), r#""l""#);
        assert_eq!(
            serde_json::from_str::<Rank>(r#""16""#).unwrap(),
            Rank::ALL[15]
        );
        assert_eq!(
            serde_json::from_str::<Square>(r#""p16""#).unwrap(),
            Square::new(255)
        );
        let start = serde_json::to_string(&Position::start()).unwrap();
        assert_eq!(
            serde_json::from_str::<Position>(&start).unwrap(),
            Position::start()
        );
    }

    #[test]
    fn bad_text_is_a_deserialization_error_with_the_reason() {
        let error = serde_json::from_str::<Square>(r#""q1""#).unwrap_err();
        assert!(error.to_string().contains("is not a square"), "{error}");
        assert!(serde_json::from_str::<Side>("1").is_err());
        assert!(serde_json::from_str::<Move>(r#""n2-n4-n6""#).is_err());
    }
}
