//! The glossary (`glossary.json`): one term per concept per language. Each text it names
//! uses its language's term, no text of a language uses a word the glossary rules out for
//! it, and every language has a term for every concept.

use halma_i18n::{catalogs, find};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Glossary {
    /// What the file is, for its readers.
    #[serde(rename = "about")]
    _about: String,
    concepts: Vec<Concept>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Concept {
    concept: String,
    keys: Vec<String>,
    terms: BTreeMap<String, String>,
    avoid: BTreeMap<String, Vec<String>>,
}

fn glossary() -> Glossary {
    serde_json::from_str(include_str!("../glossary.json")).expect("glossary.json parses")
}

#[test]
fn every_language_has_a_term_for_every_concept() {
    let glossary = glossary();
    assert!(glossary.concepts.len() >= 15);
    for concept in &glossary.concepts {
        let tags: Vec<&str> = concept.terms.keys().map(String::as_str).collect();
        let mut all: Vec<&str> = catalogs().iter().map(|catalog| catalog.tag()).collect();
        all.sort_unstable();
        assert_eq!(tags, all, "{}", concept.concept);
        assert!(!concept.keys.is_empty(), "{}", concept.concept);
        for tag in concept.avoid.keys() {
            assert!(
                find(tag).is_some(),
                "{}: no language {tag}",
                concept.concept
            );
        }
    }
}

#[test]
fn the_texts_that_name_a_concept_use_its_term() {
    for concept in glossary().concepts {
        for (tag, term) in &concept.terms {
            let catalog = find(tag).expect("a language of the glossary");
            for key in &concept.keys {
                let text = catalog
                    .messages()
                    .get(key)
                    .unwrap_or_else(|| panic!("{}: no text {key} in {tag}", concept.concept));
                assert!(
                    text.to_lowercase().contains(&term.to_lowercase()),
                    "{} in {tag}: {key} does not say {term:?}: {text}",
                    concept.concept
                );
            }
        }
    }
}

#[test]
fn no_text_uses_a_word_the_glossary_rules_out() {
    for concept in glossary().concepts {
        for (tag, words) in &concept.avoid {
            let catalog = find(tag).expect("a language of the glossary");
            for word in words {
                let word = word.to_lowercase();
                for (key, text) in catalog.messages() {
                    assert!(
                        !text.to_lowercase().contains(&word),
                        "{} in {tag}: {key} says {word:?} where the glossary says {:?}: {text}",
                        concept.concept,
                        concept.terms[tag]
                    );
                }
            }
        }
    }
}
