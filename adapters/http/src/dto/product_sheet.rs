//! The catalogue as CSV (issue 44; `domain::product_sheet`): the sheet read from and written
//! to CSV text with the `csv` crate, and the import's report.

use crate::error::ErrorBody;
use crate::i18n::say;
use application::catalog::sheet::ImportReport;
use domain::message::texts::{SHEET_EMPTY, SHEET_LINE_UNREADABLE, SHEET_NOT_UTF8};
use domain::product_sheet::import::{refusal_summary, LineError, SheetLine};
use domain::product_sheet::{SheetHeader, SheetRow, COLUMNS};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The CSV of `rows` under the header row.
pub fn sheet_csv(rows: &[SheetRow]) -> Result<Vec<u8>, csv::Error> {
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record(COLUMNS)?;
    for row in rows {
        csv.write_record(row.cells())?;
    }
    csv.into_inner().map_err(|e| e.into_error().into())
}

/// The rows of an uploaded CSV, each with its line, or why it cannot be read (on line 1 when
/// the header is wrong). A UTF-8 byte order mark (Excel writes one) is skipped; blank lines
/// are not rows.
pub fn read_sheet(bytes: &[u8]) -> Result<Vec<SheetLine>, LineError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let unreadable = |line: u64, error: &csv::Error| LineError {
        line,
        message: match error.kind() {
            csv::ErrorKind::Utf8 { .. } => SHEET_NOT_UTF8.into(),
            _ => SHEET_LINE_UNREADABLE.with("error", error),
        },
    };
    let mut records = reader.records();
    let header = match records.next() {
        None => {
            return Err(LineError {
                line: 1,
                message: SHEET_EMPTY.into(),
            })
        }
        Some(Err(error)) => return Err(unreadable(1, &error)),
        Some(Ok(record)) => record,
    };
    let header = SheetHeader::parse(&header.iter().map(str::to_owned).collect::<Vec<_>>())
        .map_err(|message| LineError { line: 1, message })?;
    // Lines counted from the newlines before each record's first byte: the reader's own
    // count is one short in a file with Windows line ends (Excel's).
    let mut counted = LineCount::default();
    let mut lines = Vec::new();
    for record in records {
        let record = record.map_err(|e| {
            let at = e.position().map_or(0, csv::Position::byte);
            unreadable(counted.line_at(bytes, at), &e)
        })?;
        let line = counted.line_at(bytes, record.position().map_or(0, csv::Position::byte));
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let cells: Vec<String> = record.iter().map(str::to_owned).collect();
        lines.push(SheetLine {
            line,
            row: SheetRow::of(&header, &cells),
        });
    }
    Ok(lines)
}

/// The newlines of a file counted up to a byte, forward only.
#[derive(Default)]
struct LineCount {
    byte: usize,
    newlines: u64,
}

impl LineCount {
    /// The line (from 1) of the record starting at offset `at`: the reader's offset of a
    /// record after blank lines is that of the blank lines, which are skipped here.
    fn line_at(&mut self, bytes: &[u8], at: u64) -> u64 {
        let mut at = usize::try_from(at).unwrap_or(usize::MAX).min(bytes.len());
        while at < bytes.len() && matches!(bytes[at], b'\r' | b'\n') {
            at += 1;
        }
        if at > self.byte {
            self.newlines += bytes[self.byte..at].iter().filter(|b| **b == b'\n').count() as u64;
            self.byte = at;
        }
        self.newlines + 1
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// `true`: check the file and report, writing nothing.
    #[serde(default)]
    pub dry_run: bool,
}

/// A row that cannot be imported.
#[derive(Serialize, ToSchema)]
pub struct LineErrorDto {
    /// The row's line in the file; the header is line 1.
    pub line: u64,
    #[schema(example = "Price is not money: write dollars like 12.50")]
    pub message: String,
}

/// What an import did or would do, by product, and every row that cannot be imported.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportReportDto {
    /// Only on a refused import: how many rows are wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(
        required = false,
        nullable = false,
        example = "2 rows cannot be imported: nothing was written"
    )]
    pub message: Option<String>,
    pub create: usize,
    pub update: usize,
    pub unchanged: usize,
    pub errors: Vec<LineErrorDto>,
}

/// An import's 400: the report of its bad rows, or an error of the request itself (a
/// `dryRun` that is not true or false) as every call answers one.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ImportRefusalDto {
    Rows(ImportReportDto),
    Request(ErrorBody),
}

impl ImportReportDto {
    pub fn of(report: ImportReport) -> Self {
        Self {
            message: None,
            create: report.create,
            update: report.update,
            unchanged: report.unchanged,
            errors: Self::lines(report.errors),
        }
    }

    /// A refused import: its bad rows, nothing counted as written.
    pub fn refused(errors: Vec<LineError>) -> Self {
        Self {
            message: Some(say(&refusal_summary(&errors)).into_owned()),
            create: 0,
            update: 0,
            unchanged: 0,
            errors: Self::lines(errors),
        }
    }

    fn lines(errors: Vec<LineError>) -> Vec<LineErrorDto> {
        errors
            .into_iter()
            .map(|e| LineErrorDto {
                line: e.line,
                message: say(&e.message).into_owned(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exported_sheet_reads_back_row_for_row_with_its_lines() {
        let rows = vec![
            SheetRow {
                handle: "scarf".into(),
                name: "Silk scarf, \"Eid\"".into(),
                description: "Soft\nand light".into(),
                ..SheetRow::default()
            },
            SheetRow {
                handle: "dress".into(),
                name: "=cmd".into(),
                ..SheetRow::default()
            },
        ];
        let csv = sheet_csv(&rows).unwrap();
        let mut with_bom = b"\xEF\xBB\xBF".to_vec();
        with_bom.extend(&csv);
        with_bom.extend(b"\n,,,\n");
        let read = read_sheet(&with_bom).unwrap();
        assert_eq!(read.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 4]);
        assert_eq!(read.into_iter().map(|l| l.row).collect::<Vec<_>>(), rows);
    }

    #[test]
    fn lines_are_counted_alike_with_windows_line_ends_and_with_a_cell_over_two_lines() {
        let header = COLUMNS.join(",");
        for end in ["\n", "\r\n"] {
            let file = format!("{header}{end}a{end}\"b{end}c\"{end}{end}d{end}");
            let read = read_sheet(file.as_bytes()).unwrap();
            let lines: Vec<(u64, &str)> = read
                .iter()
                .map(|l| (l.line, l.row.handle.as_str()))
                .collect();
            let two_lines = format!("b{end}c");
            assert_eq!(
                lines,
                [(2, "a"), (3, two_lines.as_str()), (6, "d")],
                "{end:?}"
            );
        }
    }

    #[test]
    fn an_unreadable_file_says_why_on_its_line() {
        assert_eq!(read_sheet(b"").unwrap_err().line, 1);
        assert!(read_sheet(b"handle,name\n")
            .unwrap_err()
            .message
            .as_str()
            .starts_with("Missing columns: category"));
        let mut latin1 = COLUMNS.join(",").into_bytes();
        latin1.extend(b"\nbad\xe9,x\n");
        let error = read_sheet(&latin1).unwrap_err();
        assert_eq!(
            (error.line, error.message.as_str()),
            (2, "The file must be CSV text in UTF-8")
        );
    }
}
