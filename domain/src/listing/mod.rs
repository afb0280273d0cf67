//! The back office's lists: what an admin may search, filter and sort by, read from a
//! request's parameters. The stores answer one page at a time with the total, so a screen
//! never downloads a year of orders; a bad parameter is refused with a message naming it.

pub mod orders;
pub mod payments;
pub mod products;
pub mod users;

/// A slice of a list: page numbers start at 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub number: u32,
    pub size: u32,
}

impl Page {
    pub fn offset(self) -> i64 {
        i64::from(self.number.saturating_sub(1)) * i64::from(self.size)
    }

    /// This page of `items`.
    pub fn of<T>(self, items: Vec<T>) -> Vec<T> {
        let skip = usize::try_from(self.offset()).unwrap_or(usize::MAX);
        items
            .into_iter()
            .skip(skip)
            .take(self.size as usize)
            .collect()
    }
}

/// The most rows one page may hold.
pub const MAX_PAGE_SIZE: u32 = 100;
/// The rows of a page when `page` is given without `limit`.
pub const DEFAULT_PAGE_SIZE: u32 = 20;
/// The longest text a search takes: longer is a paste gone wrong, not a search.
pub const MAX_SEARCH_CHARS: usize = 100;

/// A list parameter the request got wrong; the text names it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidListParameter(pub String);

/// Which way a list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

impl Direction {
    /// `asc` or `desc` under `dir`; `default` when absent.
    pub fn parse(value: Option<&str>, default: Direction) -> Result<Self, InvalidListParameter> {
        Ok(choice(
            "dir",
            value,
            &[
                ("asc", Direction::Ascending),
                ("desc", Direction::Descending),
            ],
        )?
        .unwrap_or(default))
    }
}

/// `page` and `limit`: `None` when neither is given (the whole list, for clients that never
/// page); `page` alone gets [`DEFAULT_PAGE_SIZE`] rows, `limit` alone the first page.
pub fn page(page: Option<&str>, limit: Option<&str>) -> Result<Option<Page>, InvalidListParameter> {
    if page.is_none() && limit.is_none() {
        return Ok(None);
    }
    let number = match page {
        None => 1,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| InvalidListParameter("page must be a whole number from 1".into()))?,
    };
    let size = match limit {
        None => DEFAULT_PAGE_SIZE,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
            .ok_or_else(|| {
                InvalidListParameter(format!(
                    "limit must be a whole number from 1 to {MAX_PAGE_SIZE}"
                ))
            })?,
    };
    Ok(Some(Page { number, size }))
}

/// `page` and `limit` of a list that always comes a page at a time: the first page of
/// [`DEFAULT_PAGE_SIZE`] rows when neither is given.
pub fn one_page(
    page_asked: Option<&str>,
    limit: Option<&str>,
) -> Result<Page, InvalidListParameter> {
    Ok(page(page_asked, limit)?.unwrap_or(Page {
        number: 1,
        size: DEFAULT_PAGE_SIZE,
    }))
}

/// The value of `parameter` among `choices`, by name; `None` when absent or empty (a form
/// sends an empty field for "all").
pub fn choice<T: Copy>(
    parameter: &str,
    value: Option<&str>,
    choices: &[(&str, T)],
) -> Result<Option<T>, InvalidListParameter> {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, choice)| Some(*choice))
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(name, _)| *name).collect();
            InvalidListParameter(format!("{parameter} must be one of {}", names.join(", ")))
        })
}

/// The text a list is searched for (`q`): trimmed and lower-cased, as the stores keep
/// what they search in. Matching is by substring, ignoring case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchText(String);

impl SearchText {
    /// `None` when absent or blank.
    pub fn parse(q: Option<&str>) -> Result<Option<SearchText>, InvalidListParameter> {
        let Some(text) = q.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(None);
        };
        if text.chars().count() > MAX_SEARCH_CHARS {
            return Err(InvalidListParameter(format!(
                "q must be at most {MAX_SEARCH_CHARS} characters"
            )));
        }
        Ok(Some(SearchText(text.to_lowercase())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_page_or_limit_the_whole_list_is_asked_for() {
        assert_eq!(page(None, None), Ok(None));
        assert_eq!(
            page(Some("3"), None),
            Ok(Some(Page {
                number: 3,
                size: 20
            }))
        );
        assert_eq!(
            page(None, Some("50")),
            Ok(Some(Page {
                number: 1,
                size: 50
            }))
        );
        assert_eq!(
            page(Some("2"), Some("100")),
            Ok(Some(Page {
                number: 2,
                size: 100
            }))
        );
    }

    #[test]
    fn a_list_always_paged_gives_its_first_page_when_none_is_asked_for() {
        assert_eq!(
            one_page(None, None),
            Ok(Page {
                number: 1,
                size: 20
            })
        );
        assert_eq!(
            one_page(Some("2"), Some("5")),
            Ok(Page { number: 2, size: 5 })
        );
        assert_eq!(
            one_page(Some("0"), None),
            Err(InvalidListParameter(
                "page must be a whole number from 1".into()
            ))
        );
    }

    #[test]
    fn a_bad_page_or_limit_is_refused_naming_it() {
        for bad in ["0", "-1", "x", "1.5", ""] {
            assert_eq!(
                page(Some(bad), None),
                Err(InvalidListParameter(
                    "page must be a whole number from 1".into()
                )),
                "{bad:?}"
            );
        }
        for bad in ["0", "101", "x", ""] {
            assert_eq!(
                page(None, Some(bad)),
                Err(InvalidListParameter(
                    "limit must be a whole number from 1 to 100".into()
                )),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_choice_is_known_by_its_name_and_an_unknown_one_lists_the_names() {
        let choices = [
            ("asc", Direction::Ascending),
            ("desc", Direction::Descending),
        ];
        assert_eq!(
            choice("dir", Some("asc"), &choices),
            Ok(Some(Direction::Ascending))
        );
        assert_eq!(choice("dir", Some(""), &choices), Ok(None));
        assert_eq!(choice("dir", None, &choices), Ok(None));
        assert_eq!(
            choice("dir", Some("ASC"), &choices),
            Err(InvalidListParameter("dir must be one of asc, desc".into()))
        );
        assert_eq!(
            Direction::parse(None, Direction::Descending),
            Ok(Direction::Descending)
        );
    }

    #[test]
    fn search_text_is_trimmed_lower_cased_and_bounded() {
        assert_eq!(SearchText::parse(Some("  ")), Ok(None));
        let text = SearchText::parse(Some(" Amina@Example ")).unwrap().unwrap();
        assert_eq!(text.as_str(), "amina@example");
        assert_eq!(
            SearchText::parse(Some(&"x".repeat(101))),
            Err(InvalidListParameter(
                "q must be at most 100 characters".into()
            ))
        );
        assert!(SearchText::parse(Some(&"ä".repeat(100))).unwrap().is_some());
    }
}
