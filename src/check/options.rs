//! Options: their declarations, their defaults and the values chosen with `-o`.

use crate::ast::{Literal, OptionValues};
use crate::diagnostic::{Diagnostic, Kind, closest, shorten};
use crate::limits::{MAX_LIST_VALUES, MAX_NUMBER};
use crate::rules::*;

use super::{Checker, NameKind, OptionChoice};

/// The value of an option once chosen.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum OptionValue {
    Num(f64),
    Symbol(String),
    /// The value of a list option: numbers for `choose`.
    List(Vec<f64>),
}

impl OptionValue {
    pub(super) fn text(&self) -> String {
        match self {
            OptionValue::Num(i) => format_number(*i),
            OptionValue::Symbol(s) => s.clone(),
            OptionValue::List(v) => v
                .iter()
                .map(|x| format_number(*x))
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

pub(super) struct OptionState {
    pub(super) value: OptionValue,
    pub(super) allowed: String,
    pub(super) symbols: Vec<String>,
    pub(super) doc: String,
}

impl<'a> Checker<'a> {
    pub(super) fn options(&mut self, chosen: &[OptionChoice]) {
        for decl in &self.file.options {
            if !self.declare(&decl.name, NameKind::Option) {
                continue;
            }
            let (allowed, symbols) = match &decl.values {
                OptionValues::Range(lo, hi) => {
                    if lo > hi {
                        self.error(
                            decl.values_span,
                            format!("empty range {lo}..{hi}: the first number must not exceed the second"),
                        );
                    }
                    (format!("{lo}..{hi}"), Vec::new())
                }
                OptionValues::List(list) => (
                    list.iter()
                        .map(Literal::text)
                        .collect::<Vec<_>>()
                        .join(" | "),
                    list.iter().map(|l| l.text().to_string()).collect(),
                ),
                OptionValues::AnyList => (
                    "a list of numbers separated by commas, such as 0.5,1.5".to_string(),
                    Vec::new(),
                ),
            };
            let default_text: String = decl
                .default
                .iter()
                .map(Literal::text)
                .collect::<Vec<_>>()
                .join(",");
            if decl.default.len() > 1 && decl.values != OptionValues::AnyList {
                self.errors.push(
                    Diagnostic::at(
                        decl.default_span,
                        "only a list option has several default values",
                    )
                    .with_help("declare it with `: list =`"),
                );
            }
            let empty_range = matches!(decl.values, OptionValues::Range(lo, hi) if lo > hi);
            let default = match option_value(&decl.values, &default_text) {
                Some(v) => v,
                // Keep the default's type so that its uses raise no more errors.
                None if empty_range => match default_text.parse() {
                    Ok(i) => OptionValue::Num(i),
                    Err(_) => OptionValue::Symbol(default_text.clone()),
                },
                None => {
                    self.errors.push(
                        Diagnostic::at(
                            decl.default_span,
                            format!(
                                "the default `{default_text}` of option `{}` is not one of its values",
                                decl.name.text
                            ),
                        )
                        .with_help(format!("allowed: {allowed}")),
                    );
                    match default_text.parse() {
                        Ok(i) => OptionValue::Num(i),
                        Err(_) => OptionValue::Symbol(default_text.clone()),
                    }
                }
            };
            self.option_order.push(decl.name.text.clone());
            self.options.insert(
                decl.name.text.clone(),
                OptionState {
                    value: default,
                    allowed,
                    symbols,
                    doc: decl.doc.clone().unwrap_or_default(),
                },
            );
        }
        for (i, choice) in chosen.iter().enumerate() {
            // Given twice: which one was meant is unclear, so neither wins.
            if let Some(first) = chosen[..i].iter().find(|c| c.name == choice.name) {
                self.errors.push(
                    Diagnostic::whole(format!(
                        "option `{}` is given twice (`{}`, then `{}`)",
                        shorten(&choice.name),
                        shorten(&first.value),
                        shorten(&choice.value)
                    ))
                    .with_help("give each option once")
                    .with_kind(Kind::Option),
                );
                continue;
            }
            let Some(decl) = self
                .file
                .options
                .iter()
                .find(|d| d.name.text == choice.name)
            else {
                let known = self.option_order.join(", ");
                let mut d =
                    Diagnostic::whole(format!("unknown option `{}`", shorten(&choice.name)));
                d.help = Some(
                    match closest(&choice.name, self.option_order.iter().map(String::as_str)) {
                        Some(near) => {
                            format!("did you mean `{near}`? this game's options: {known}")
                        }
                        None if known.is_empty() => "this game has no options".to_string(),
                        None => format!("this game's options: {known}"),
                    },
                );
                self.errors.push(d.with_kind(Kind::Option));
                continue;
            };
            match option_value(&decl.values, &choice.value) {
                Some(v) => {
                    if let Some(info) = self.options.get_mut(&choice.name) {
                        info.value = v;
                    }
                }
                None => {
                    let allowed = self
                        .options
                        .get(&choice.name)
                        .map(|i| i.allowed.clone())
                        .unwrap_or_default();
                    // Why a number of a list option is refused.
                    let why = match decl.values {
                        OptionValues::AnyList => choice
                            .value
                            .split(',')
                            .find_map(|v| plain_number(v.trim()).err())
                            .map(|why| format!(": {why}")),
                        OptionValues::Range(..) | OptionValues::List(_) => None,
                    };
                    self.errors.push(
                        Diagnostic::whole(format!(
                            "bad value `{}` for option `{}`{}",
                            shorten(&choice.value),
                            choice.name,
                            why.unwrap_or_default()
                        ))
                        .with_help(format!("allowed: {allowed}"))
                        .with_kind(Kind::Option),
                    );
                }
            }
        }
    }
}

/// A number as a game file writes it: decimal digits with an optional sign
/// and fraction, no exponent, below [`MAX_NUMBER`] in size; else why not.
fn plain_number(text: &str) -> Result<f64, &'static str> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let decimal = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !decimal(whole) || !decimal(fraction) {
        return Err("numbers are written in decimal, without an exponent, such as 0.5 or -2");
    }
    match text.parse::<f64>() {
        Ok(x) if x.abs() < MAX_NUMBER => Ok(x),
        _ => Err("numbers must be below 10^15 in size"),
    }
}

/// Parses `text` as a value of an option with the given allowed values.
pub(super) fn option_value(values: &OptionValues, text: &str) -> Option<OptionValue> {
    match values {
        OptionValues::Range(lo, hi) => {
            let v: i64 = text.parse().ok()?;
            (*lo..=*hi)
                .contains(&v)
                .then_some(OptionValue::Num(v as f64))
        }
        OptionValues::List(list) => {
            let found = list.iter().find(|l| l.text() == text)?;
            Some(match (found, text.parse::<f64>()) {
                (Literal::Number(_), Ok(i))
                    if list.iter().all(|l| matches!(l, Literal::Number(_))) =>
                {
                    OptionValue::Num(i)
                }
                _ => OptionValue::Symbol(text.to_string()),
            })
        }
        OptionValues::AnyList => {
            let values: Option<Vec<f64>> = text
                .split(',')
                .map(|v| plain_number(v.trim()).ok())
                .collect();
            values
                .filter(|v| !v.is_empty() && v.len() <= MAX_LIST_VALUES)
                .map(OptionValue::List)
        }
    }
}
