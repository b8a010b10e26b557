//! The little JSON the exports write: objects of numbers, strings and arrays of square or
//! move names, built in one `String`.

use core::fmt::{Display, Write};

/// A JSON text being written.
#[derive(Default)]
pub struct Json {
    text: String,
}

impl Json {
    /// The text written so far.
    pub fn finish(self) -> String {
        self.text
    }

    /// Writes `value` as a JSON string (escaping what JSON requires).
    pub fn string(&mut self, value: impl Display) -> &mut Json {
        self.text.push('"');
        let start = self.text.len();
        let _ = write!(self.text, "{value}");
        let raw = self.text.split_off(start);
        for c in raw.chars() {
            match c {
                '"' => self.text.push_str("\\\""),
                '\\' => self.text.push_str("\\\\"),
                c if u32::from(c) < 0x20 => {
                    let _ = write!(self.text, "\\u{:04x}", u32::from(c));
                }
                c => self.text.push(c),
            }
        }
        self.text.push('"');
        self
    }

    /// Writes a number (or anything whose `Display` is a JSON value: `null`, `true`).
    pub fn raw(&mut self, value: impl Display) -> &mut Json {
        let _ = write!(self.text, "{value}");
        self
    }

    /// Writes `items` as an array of strings.
    pub fn strings<T: Display>(&mut self, items: impl IntoIterator<Item = T>) -> &mut Json {
        self.text.push('[');
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                self.text.push(',');
            }
            self.string(item);
        }
        self.text.push(']');
        self
    }

    /// Opens an object.
    pub fn open(&mut self) -> &mut Json {
        self.text.push('{');
        self
    }

    /// Closes an object.
    pub fn close(&mut self) -> &mut Json {
        if self.text.ends_with(',') {
            self.text.pop();
        }
        self.text.push('}');
        self
    }

    /// Starts the member `name` of an object (its value comes next).
    pub fn key(&mut self, name: &str) -> &mut Json {
        if !(self.text.ends_with('{') || self.text.ends_with(',')) {
            self.text.push(',');
        }
        self.string(name);
        self.text.push(':');
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_objects_arrays_and_escaped_strings() {
        let mut json = Json::default();
        json.open();
        json.key("a").raw(1);
        json.key("b").strings(["l2", "k3"]);
        json.key("c").string("say \"hi\"\\\n");
        json.key("d").open().key("e").raw("null").close();
        json.close();
        assert_eq!(
            json.finish(),
            r#"{"a":1,"b":["l2","k3"],"c":"say \"hi\"\\\u000a","d":{"e":null}}"#
        );
    }
}
