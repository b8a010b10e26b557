//! Checks for the tests of the programs that show these texts: whether what a program
//! showed in a language has English in it where a translation belongs.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use crate::{Catalog, catalogs, english};

/// The words of `text`: runs of ASCII letters, lower case, of three letters or more (shorter
/// ones are square names, `x`, `o` and the like), leaving out the names in braces.
pub fn words(text: &str) -> Vec<String> {
    let mut prose = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        prose.push_str(&rest[..open]);
        prose.push(' ');
        rest = rest[open..]
            .find('}')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    prose.push_str(rest);
    prose
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() >= 3)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The words of every text of `catalog`.
fn vocabulary(catalog: &Catalog) -> BTreeSet<String> {
    catalog
        .messages()
        .values()
        .flat_map(|text| words(text))
        .collect()
}

/// The words of English texts that `catalog`'s texts never use, by language.
fn english_only(catalog: &'static Catalog) -> &'static BTreeSet<String> {
    static SETS: OnceLock<Vec<BTreeSet<String>>> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        let english = vocabulary(english());
        catalogs()
            .iter()
            .map(|catalog| english.difference(&vocabulary(catalog)).cloned().collect())
            .collect()
    });
    let index = catalogs()
        .iter()
        .position(|other| std::ptr::eq(other, catalog))
        .unwrap_or(0);
    &sets[index]
}

/// The words of `text`, shown by a program in `catalog`'s language, that come from English
/// texts and that no text of that language uses: English where a translation belongs (an
/// untranslated text, or a piece of one). Empty for English itself.
pub fn english_words(text: &str, catalog: &'static Catalog) -> Vec<String> {
    let foreign = english_only(catalog);
    let mut found: Vec<String> = words(text)
        .into_iter()
        .filter(|word| foreign.contains(word))
        .collect();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find;

    #[test]
    fn english_words_finds_english_in_a_translation() {
        let thai = find("th").expect("th.json");
        let malay = find("ms").expect("ms.json");
        assert_eq!(
            english_words(thai.text("play.you_play"), thai),
            Vec::<String>::new()
        );
        assert_eq!(
            english_words("x: you win l2-k3", thai),
            ["you", "win"].map(String::from)
        );
        assert_eq!(
            english_words("the computer thinks", malay),
            ["the", "computer", "thinks"].map(String::from)
        );
        assert!(english_words(english().text("play.you_play"), english()).is_empty());
    }
}
