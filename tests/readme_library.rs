//! README's "Using the library" examples are the crate documentation's
//! (src/lib.rs), which `cargo test` compiles and runs: each README block
//! must be one of them, hidden lines (`# …`) left out.

/// The fenced blocks of `text` that open with exactly "```" + `lang`.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match &mut current {
            None if line == format!("```{lang}") => current = Some(String::new()),
            None => {}
            Some(_) if line == "```" => out.extend(current.take()),
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
        }
    }
    out
}

#[test]
fn readme_library_examples_are_the_tested_crate_examples() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let start = readme
        .find("\n## Using the library\n")
        .expect("the section");
    let end = readme[start + 1..]
        .find("\n## ")
        .map_or(readme.len(), |i| start + 1 + i);
    let section = &readme[start..end];

    let lib = std::fs::read_to_string(format!("{root}/src/lib.rs")).unwrap();
    let doc: String = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    let tested: Vec<String> = blocks(&doc, "")
        .iter()
        .map(|b| {
            b.lines()
                .filter(|l| !l.starts_with("# ") && *l != "#")
                .map(|l| format!("{l}\n"))
                .collect()
        })
        .collect();

    let shown = blocks(section, "rust");
    assert_eq!(shown.len(), 6, "README shows six examples");
    for block in &shown {
        assert!(
            tested.contains(block),
            "README block not in the crate docs of src/lib.rs:\n{block}"
        );
    }
}
