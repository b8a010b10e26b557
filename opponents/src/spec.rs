//! [`Spec`]: an engine player's name, the limits it searches within and its threads, as the
//! match tool, the engine protocol's `go` and the Python environments write them.

use std::time::Duration;

#[cfg(feature = "tuning")]
use halma::search::Params;
use halma::{Engine, Limits};

/// `text` as the whole number that `key` takes.
pub(crate) fn whole<T: std::str::FromStr>(text: &str, key: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{key} takes a whole number, not {text:?}"))
}

/// An engine player: the limits it searches within, the threads it searches on and its
/// contempt.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The limits (and, with the `tuning` feature, search parameters).
    pub limits: Limits,
    /// The threads (`threads=N`; 1 by default).
    pub threads: usize,
    /// The contempt (`contempt=N`, see `halma::Engine::set_contempt`), if set; else the
    /// engine's default, unless the host decides otherwise (the match tool sets 0 between
    /// engines).
    pub contempt: Option<i32>,
}

impl Spec {
    /// The engine player named by `spec`: limits joined by `+`, then settings after commas
    /// (`depth:6+time:500`, `time:100,threads=2`, `time:100,beam_base=12,lmr=off`).
    ///
    /// - `time:MS`, `depth:N`, `nodes:N`: the engine at full strength with that limit;
    /// - `level:N`: difficulty level N (1..=10) without its minimum thinking time;
    ///   `paced-level:N`: the same with it, as a host plays it;
    /// - `ab2` (feature `tuning`): a plain depth-2 alpha-beta (nothing pruned);
    /// - settings: `threads=N` (the engine's threads, 1 to 256), `contempt=N` (what a draw
    ///   is worth less than an even game to it, in hundredths of a move, -1000 to 1000) and,
    ///   with the feature `tuning`, any search parameter (`halma::search::Params::set`).
    ///
    /// ```
    /// use std::time::Duration;
    /// use halma_opponents::Spec;
    ///
    /// let spec = Spec::parse("depth:6+time:500,threads=2")?;
    /// assert_eq!(spec.limits.max_depth(), Some(6));
    /// assert_eq!(spec.limits.max_time(), Some(Duration::from_millis(500)));
    /// assert_eq!(spec.threads, 2);
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(spec: &str) -> Result<Spec, String> {
        let mut parts = spec.split(',');
        let head = parts.next().unwrap_or_default();
        let mut limits: Option<Limits> = None;
        for item in head.split('+') {
            let (key, value) = item.split_once(':').unwrap_or((item, ""));
            let number = || whole::<u64>(value, key);
            let base = limits.take().unwrap_or_else(|| Limits::depth(0));
            limits = Some(match key {
                #[cfg(feature = "tuning")]
                "ab2" => Limits::depth(2).with_params(Params::exhaustive()),
                "level" => Limits::level(number()?.min(255) as u8).without_pace(),
                "paced-level" => Limits::level(number()?.min(255) as u8),
                "time" => base.with_time(Duration::from_millis(number()?)),
                "depth" => base.with_depth(number()?.min(u64::from(u32::MAX)) as u32),
                "nodes" => base.with_nodes(number()?),
                _ => return Err(format!("unknown player {item:?}")),
            });
        }
        let limits = limits.ok_or_else(|| format!("empty player {spec:?}"))?;
        #[cfg(feature = "tuning")]
        let mut params = limits.params().clone();
        let mut threads = 1;
        let mut contempt = None;
        for setting in parts {
            let (name, value) = setting
                .split_once('=')
                .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
            if name == "threads" {
                threads = whole::<usize>(value, name)?;
                if !(1..=halma::search::MAX_THREADS).contains(&threads) {
                    return Err(format!(
                        "threads: 1 to {}, not {threads}",
                        halma::search::MAX_THREADS
                    ));
                }
            } else if name == "contempt" {
                let most = halma::search::MAX_CONTEMPT;
                let value = whole::<i32>(value, name)?;
                if !(-most..=most).contains(&value) {
                    return Err(format!("contempt: -{most} to {most}, not {value}"));
                }
                contempt = Some(value);
            } else {
                #[cfg(feature = "tuning")]
                params.set(name, value)?;
                #[cfg(not(feature = "tuning"))]
                return Err(format!("unknown setting {name:?}: only threads=N"));
            }
        }
        #[cfg(feature = "tuning")]
        let limits = limits.with_params(params);
        Ok(Spec {
            limits,
            threads,
            contempt,
        })
    }
}

impl Spec {
    /// Sets `engine` up to play this player: its threads, and its contempt when set.
    pub fn apply(&self, engine: &mut Engine) {
        engine.set_threads(self.threads);
        if let Some(contempt) = self.contempt {
            engine.set_contempt(contempt);
        }
    }
}

#[cfg(test)]
mod tests {
    use halma::Limits;

    use super::*;

    #[test]
    fn limits_are_read_like_the_match_players() {
        let limits = |text| Spec::parse(text).map(|spec| spec.limits);
        let both = limits("depth:6+time:500").unwrap();
        assert_eq!(both.max_depth(), Some(6));
        assert_eq!(both.max_time(), Some(Duration::from_millis(500)));
        assert_eq!(limits("level:3").unwrap(), Limits::level(3).without_pace());
        #[cfg(feature = "tuning")]
        assert!(!limits("time:100,lmr=off").unwrap().params().lmr);
        #[cfg(not(feature = "tuning"))]
        assert!(limits("time:100,lmr=off").is_err());
        for bad in [
            "",
            "time",
            "time:fast",
            "time:100,lmr",
            "time:100,nothing=1",
            "time:100,threads=0",
            "time:100,threads=257",
            "time:100,threads=x",
            "time:100,contempt=",
            "time:100,contempt=1001",
            "time:100,contempt=-1001",
            "time:100,contempt=1.5",
            "fast",
        ] {
            assert!(limits(bad).is_err(), "{bad:?} is read");
        }
        assert_eq!(Spec::parse("time:100").unwrap().threads, 1);
        assert_eq!(Spec::parse("time:100,threads=2").unwrap().threads, 2);
        assert_eq!(Spec::parse("time:100").unwrap().contempt, None);
        let spec = Spec::parse("nodes:500,contempt=-40,threads=2").unwrap();
        assert_eq!((spec.contempt, spec.threads), (Some(-40), 2));
        assert_eq!(Spec::parse("level:5,contempt=0").unwrap().contempt, Some(0));
    }
}
