//! The API's OpenAPI document (`GET /api/openapi.json`) against the router and the
//! recorded contract: the router answers every operation the document names and refuses
//! every other method of its paths; every answer recorded in `contract.json` for a
//! documented operation has its status documented and a body its schema admits, field by
//! field (no field the schema does not name, each error's code among the codes documented
//! for its status); and answers of the router now have every field their schema requires
//! (a recorded answer may lack a field added since it was recorded).

use std::collections::BTreeSet;

use axum::Router;
use axum::body::Body;
use http_body_util::BodyExt;
use serde_json::{Map, Value, json};
use tower::ServiceExt;

use crate::router::{request, router};

/// The recorded answers.
const CONTRACT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/contract.json");

/// The methods a path may have.
const METHODS: [&str; 5] = ["GET", "POST", "PUT", "DELETE", "PATCH"];

/// An answer of the router: its status, its `Allow` header and its body.
struct Answer {
    status: u16,
    allow: Option<String>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

/// `method path` with the JSON `body`.
async fn send(router: &Router, method: &str, path: &str, body: &str) -> Answer {
    send_as(router, None, method, path, body).await
}

/// [`send`] with the seat `secret`, if any.
async fn send_as(
    router: &Router,
    secret: Option<&str>,
    method: &str,
    path: &str,
    body: &str,
) -> Answer {
    let request = request(method, path, Body::from(body.to_owned()), secret);
    let response = router.clone().oneshot(request).await.expect("an answer");
    let status = response.status().as_u16();
    let header = |name| {
        let value = response.headers().get(name)?;
        Some(value.to_str().expect("ASCII").to_owned())
    };
    let allow = header("allow");
    // A live stream's body does not end: its head is the answer.
    if header("content-type").is_some_and(|kind| kind.starts_with("text/event-stream")) {
        return Answer {
            status,
            allow,
            body: Vec::new(),
        };
    }
    let body = response
        .into_body()
        .collect()
        .await
        .expect("the body")
        .to_bytes()
        .to_vec();
    Answer {
        status,
        allow,
        body,
    }
}

/// The document, as the router serves it.
async fn document(router: &Router) -> Value {
    let answer = send(router, "GET", "/api/openapi.json", "").await;
    assert_eq!(answer.status, 200);
    answer.json()
}

/// The document's operations: path, method (upper case) and operation.
fn operations(document: &Value) -> Vec<(String, String, Value)> {
    let paths = document["paths"].as_object().expect("paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            let item = item.as_object().expect("a path item");
            item.iter()
                .map(|(method, operation)| (path.clone(), method.to_uppercase(), operation.clone()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_router_serves_exactly_the_documents_routes() {
    let (router, _dir) = router().await;
    let document = document(&router).await;
    let created = send(&router, "POST", "/api/games", "{}").await;
    assert_eq!(created.status, 201);
    let id = created.json()["id"].as_str().expect("an id").to_owned();
    let operations = operations(&document);
    let game = "/api/games/{id}";
    let mut paths: Vec<&str> = operations.iter().map(|(path, ..)| path.as_str()).collect();
    // The game's own path last: its `DELETE` forgets the game the others act on.
    paths.sort_by_key(|path| (*path == game, *path));
    paths.dedup();
    for path in paths {
        let documented: BTreeSet<&str> = operations
            .iter()
            .filter(|(p, ..)| p == path)
            .map(|(_, method, _)| method.as_str())
            .collect();
        let concrete = path.replace("{id}", &id);
        for method in METHODS {
            // A body that no handler takes: the route answers, whatever it says of it.
            let answer = send(&router, method, &concrete, "[]").await;
            let refused = answer.status == 405;
            let unknown = answer.status == 404 && answer.json()["code"] == "not_found";
            if documented.contains(method) {
                assert!(
                    !refused && !unknown,
                    "{method} {path} is documented, the router answers {}",
                    answer.status
                );
            } else {
                assert!(
                    refused,
                    "the router serves {method} {path}, the document lacks it"
                );
                let allow = answer.allow.expect("a 405 says what is allowed");
                let allowed: BTreeSet<&str> = allow
                    .split(',')
                    .map(str::trim)
                    .filter(|m| *m != "HEAD")
                    .collect();
                assert_eq!(allowed, documented, "{path}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_document_describes_every_route_with_its_bodies_and_errors() {
    let (router, _dir) = router().await;
    let document = document(&router).await;
    assert_eq!(document["openapi"], "3.1.0");
    let operations = operations(&document);
    let games = operations
        .iter()
        .filter(|(path, ..)| path.starts_with("/api/games"))
        .count();
    let bodies = operations
        .iter()
        .filter(|(.., operation)| operation.get("requestBody").is_some())
        .count();
    let with_errors = operations
        .iter()
        .filter(|(.., operation)| {
            let responses = operation["responses"].as_object().expect("responses");
            responses
                .keys()
                .any(|status| status.starts_with(['4', '5']))
        })
        .count();
    assert!(games >= 17 && bodies >= 10, "{games} {bodies}");
    assert_eq!(with_errors, operations.len());
    for (path, method, operation) in &operations {
        assert!(operation["operationId"].is_string(), "{method} {path}");
        if path.contains("{id}") {
            let parameters = operation["parameters"].as_array().expect("parameters");
            assert!(
                parameters
                    .iter()
                    .any(|p| p["name"] == "id" && p["in"] == "path"),
                "{method} {path} names its id"
            );
        }
    }
    let ids: BTreeSet<&str> = operations
        .iter()
        .map(|(.., operation)| operation["operationId"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        ids.len(),
        operations.len(),
        "each operation has an id of its own"
    );
    let seat = &document["components"]["securitySchemes"]["seat"];
    assert_eq!(
        (&seat["type"], &seat["scheme"]),
        (&json!("http"), &json!("bearer"))
    );
    // Every request body, every answer's body, every named schema resolves.
    let text = document.to_string();
    for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &reference[..reference.find('"').expect("a name")];
        assert!(
            document["components"]["schemas"].get(name).is_some(),
            "no schema {name}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_has_every_field_its_schema_requires() {
    let (router, _dir) = router().await;
    let document = document(&router).await;
    let operations = operations(&document);
    let mut failures = Vec::new();
    let mut answer = async |secret: Option<&str>, method: &str, path: &str, body: &str| {
        let answer = send_as(&router, secret, method, path, body).await;
        let (_, _, operation) = operations
            .iter()
            .find(|(template, m, _)| {
                m == method && matches(template, path.split('?').next().unwrap())
            })
            .expect("a documented operation");
        let schema = &operation["responses"][answer.status.to_string()]["content"]["application/json"]
            ["schema"];
        assert!(
            schema.is_object(),
            "{method} {path}: {} undocumented",
            answer.status
        );
        let mut errors = Vec::new();
        check(&document, schema, &answer.json(), "body", true, &mut errors);
        failures.extend(
            errors
                .into_iter()
                .map(|error| format!("{method} {path}: {error}")),
        );
        answer.json()
    };
    let computer = answer(None, "POST", "/api/games", "{}").await;
    let game = format!("/api/games/{}", computer["id"].as_str().expect("an id"));
    answer(None, "GET", &game, "").await;
    answer(
        None,
        "POST",
        &format!("{game}/move"),
        r#"{"move": "l2-k3"}"#,
    )
    .await;
    answer(None, "GET", &format!("{game}/destinations?from=n3"), "").await;
    answer(None, "GET", &format!("{game}/players"), "").await;
    answer(None, "DELETE", &game, "").await;
    answer(None, "GET", &game, "").await;
    let friend = answer(None, "POST", "/api/games", r#"{"opponent": "friend"}"#).await;
    let game = format!("/api/games/{}", friend["id"].as_str().expect("an id"));
    let secret = friend["seat"]["secret"].as_str().expect("a seat");
    let claim = friend["invitation"]["claim"]
        .as_str()
        .expect("an invitation");
    answer(Some(claim), "POST", &format!("{game}/join"), "").await;
    answer(Some(secret), "GET", &format!("{game}/players"), "").await;
    answer(
        Some(secret),
        "POST",
        &format!("{game}/draw"),
        r#"{"action": "offer"}"#,
    )
    .await;
    answer(None, "POST", &format!("{game}/resign"), "").await;
    answer(None, "GET", "/healthz", "").await;
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_recorded_answers_are_the_documents() {
    let (router, _dir) = router().await;
    let document = document(&router).await;
    let operations = operations(&document);
    let text = std::fs::read_to_string(CONTRACT).expect("contract.json");
    let contract: Map<String, Value> = serde_json::from_str(&text).expect("JSON");
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, case) in &contract {
        let request = case["request"].as_str().expect("a request");
        let mut words = request.split(' ');
        let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
        let path = target.split('?').next().unwrap_or_default();
        let Some((_, _, operation)) = operations
            .iter()
            .find(|(template, m, _)| m == method && matches(template, path))
        else {
            continue;
        };
        // The connection layer's refusals (too many connections, a head too large) come
        // before any route, without a code: docs/api.md tells them.
        let body = &case["body"];
        if body.get("code").is_none() && !(200..300).contains(&case["status"].as_u64().unwrap_or(0))
        {
            continue;
        }
        let status = case["status"].as_u64().expect("a status").to_string();
        let Some(answer) = operation["responses"].get(&status) else {
            failures.push(format!(
                "{name}: {request} answers {status}, not documented"
            ));
            continue;
        };
        let Some(schema) = answer
            .get("content")
            .and_then(|content| content.get("application/json"))
            .map(|content| &content["schema"])
        else {
            continue;
        };
        let mut errors = Vec::new();
        check(&document, schema, body, "body", false, &mut errors);
        failures.extend(errors.into_iter().map(|error| format!("{name}: {error}")));
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 120, "{checked} answers checked");
}

/// Whether `path` is one of the document's `template` (`{id}` any one segment).
fn matches(template: &str, path: &str) -> bool {
    let (template, path): (Vec<&str>, Vec<&str>) =
        (template.split('/').collect(), path.split('/').collect());
    template.len() == path.len()
        && template
            .iter()
            .zip(&path)
            .all(|(t, p)| t == p || (t.starts_with('{') && !p.is_empty()))
}

/// The schema `schema` points to, if it is a reference.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.trim_start_matches("#/components/schemas/");
            resolve(document, &document["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// The JSON types `schema` names (empty: any).
fn types(schema: &Value) -> Vec<&str> {
    match &schema["type"] {
        Value::String(kind) => vec![kind.as_str()],
        Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The JSON type of `value`, as a schema names it (`"<number>"` and the like: the kind a
/// recorded value stands for).
fn kind(value: &Value) -> &str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(number) if number.is_i64() || number.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(text) => match text.as_str() {
            "<number>" => "integer",
            "<array>" => "array",
            "<object>" => "object",
            "<bool>" => "boolean",
            _ => "string",
        },
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Whether `value` is a recorded stand-in for a value a search decides.
fn stand_in(value: &Value) -> bool {
    value
        .as_str()
        .is_some_and(|text| text.len() > 2 && text.starts_with('<') && text.ends_with('>'))
}

/// The properties `schema` names, with `allOf`'s parts' (a flattened struct), each with
/// every schema that says something of it; its required properties; the schema of the
/// properties it does not name, if it admits them.
fn properties<'a>(
    document: &'a Value,
    schema: &'a Value,
    named: &mut Vec<(&'a str, &'a Value)>,
    required: &mut Vec<&'a str>,
    others: &mut Option<&'a Value>,
) {
    let schema = resolve(document, schema);
    if let Some(fields) = schema["properties"].as_object() {
        named.extend(fields.iter().map(|(name, field)| (name.as_str(), field)));
    }
    if let Some(names) = schema["required"].as_array() {
        required.extend(names.iter().filter_map(Value::as_str));
    }
    if schema["additionalProperties"].is_object() {
        *others = Some(&schema["additionalProperties"]);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        properties(document, part, named, required, others);
    }
}

/// Checks `value` against `schema`, adding what is wrong to `errors`, each at `at`; a
/// `complete` value has every field its schema requires.
fn check(
    document: &Value,
    schema: &Value,
    value: &Value,
    at: &str,
    complete: bool,
    errors: &mut Vec<String>,
) {
    let schema = resolve(document, schema);
    if let Some(choices) = schema["oneOf"].as_array().or(schema["anyOf"].as_array()) {
        let fits = choices.iter().any(|choice| {
            let mut wrong = Vec::new();
            check(document, choice, value, at, complete, &mut wrong);
            wrong.is_empty()
        });
        if !fits {
            errors.push(format!(
                "{at}: {value} is none of {}",
                Value::Array(choices.clone())
            ));
        }
        return;
    }
    let kinds = types(schema);
    let kind = kind(value);
    let admitted = kinds.is_empty()
        || kinds.contains(&kind)
        || (kind == "integer" && kinds.contains(&"number"));
    if !admitted {
        errors.push(format!("{at}: {value} is no {kinds:?}"));
        return;
    }
    if stand_in(value) {
        return;
    }
    if let Some(values) = schema["enum"].as_array()
        && !values.contains(value)
    {
        errors.push(format!("{at}: {value} is none of {values:?}"));
    }
    if let (Some(minimum), Some(number)) = (schema["minimum"].as_f64(), value.as_f64())
        && number < minimum
    {
        errors.push(format!("{at}: {value} is under {minimum}"));
    }
    if let (Some(maximum), Some(number)) = (schema["maximum"].as_f64(), value.as_f64())
        && number > maximum
    {
        errors.push(format!("{at}: {value} is over {maximum}"));
    }
    match value {
        Value::Array(items) => {
            let item = schema.get("items").unwrap_or(&Value::Null);
            for (i, value) in items.iter().enumerate() {
                check(
                    document,
                    item,
                    value,
                    &format!("{at}[{i}]"),
                    complete,
                    errors,
                );
            }
        }
        Value::Object(fields) => {
            let (mut named, mut required, mut others) = (Vec::new(), Vec::new(), None);
            properties(document, schema, &mut named, &mut required, &mut others);
            for name in required {
                if complete && !fields.contains_key(name) {
                    errors.push(format!("{at}: no {name}"));
                }
            }
            for (name, value) in fields {
                let at = format!("{at}.{name}");
                let schemas: Vec<&Value> = named
                    .iter()
                    .filter(|(field, _)| field == name)
                    .map(|(_, schema)| *schema)
                    .collect();
                match (schemas.is_empty(), others) {
                    (false, _) => {
                        for schema in schemas {
                            check(document, schema, value, &at, complete, errors);
                        }
                    }
                    (true, Some(schema)) => check(document, schema, value, &at, complete, errors),
                    (true, None) => errors.push(format!("{at}: a field the schema does not name")),
                }
            }
        }
        _ => {}
    }
}
