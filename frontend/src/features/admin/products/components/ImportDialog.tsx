/**
 * Importing products from CSV (the Products screen's Import CSV): choosing a file checks it at
 * once (a dry run, nothing written) and shows what it would create, update and leave, and its
 * bad rows by line; Import sends the same bytes, written all or nothing, with the upload's
 * progress. A refusal (400: a row went bad since the check, e.g. a size sold meanwhile) shows
 * its rows the same way and keeps the dialog open; nothing was written.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BUSY, btn, field } from '@/components/ui/styles';
import { Modal } from '@/components/ui/Modal';
import { toast } from '@/lib/toast';
import type { ImportLineError, ImportReport } from '@/lib/types';
import { TextField } from '../../components/fields';
import { adminErrorMessage, logError } from '../../lib/errors';
import { columnsOf, DataTable } from '../../lib/table';
import { IMPORT_LIMIT_BYTES, refusedImport, useCheckProductsCsv, useImportProductsCsv } from '../api/sheet';

/** A bad row of the file: its line and every problem the server found in it. */
interface LineToFix {
  line: number;
  messages: string[];
}

/** The server's errors (one per problem, several for a line) grouped by line, lines in order, each line's problems as sent. */
export function linesToFix(errors: readonly ImportLineError[]): LineToFix[] {
  const byLine = new Map<number, string[]>();
  for (const { line, message } of errors) {
    const messages = byLine.get(line);
    if (messages) messages.push(message);
    else byLine.set(line, [message]);
  }
  return [...byLine].map(([line, messages]) => ({ line, messages })).sort((a, b) => a.line - b.line);
}

const column = columnsOf<LineToFix>();

/** A line's problems: one as text, several as a list. */
function Problems({ messages }: { messages: string[] }) {
  if (messages.length === 1) return <>{messages[0]}</>;
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      {messages.map((message, i) => (
        <li key={i}>{message}</li>
      ))}
    </ul>
  );
}

/**
 * The bad rows: each line (the header is line 1) once, with every problem of it under it. Long
 * messages wrap; the box scrolls sideways on a narrow phone.
 */
function RowsToFix({ rows: errors, noteId }: { rows: ImportLineError[]; noteId: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const rows = linesToFix(errors);
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h3 id={headingId} className="font-semibold text-stone-900">
        <Trans>Rows to fix</Trans>
      </h3>
      <p id={noteId} className="mt-1 text-sm text-stone-700">
        <Trans>Nothing will be imported until every row is right. Fix these rows in your spreadsheet and choose the file again.</Trans>
      </p>
      <DataTable
        name={t`Rows to fix`}
        rows={rows}
        columns={[
          column(t`Line`, (e) => e.line, { th: 'w-20', td: 'whitespace-nowrap tabular-nums' }),
          column(t`Problem`, (e) => <Problems messages={e.messages} />, { td: 'break-words' }),
        ]}
        getRowId={(e) => String(e.line)}
        rowProps={() => ({ 'data-testid': 'import-error' })}
        className="mt-3 max-h-80 overflow-y-auto rounded-lg ring-1 ring-stone-200"
        width="w-full min-w-[18rem]"
      />
    </section>
  );
}

/** The import's progress: the upload's share while the file is sent, then indeterminate while the server writes. */
function ImportProgress({ sent }: { sent: number }) {
  const { t } = useLingui();
  const id = useId();
  const percent = Math.round(sent * 100);
  const bar = 'mt-1 h-3 w-full accent-brand-700';
  return (
    <div className="mt-4">
      <label htmlFor={id} className={field.label}>
        <Trans>Importing products</Trans>
      </label>
      {/* Two elements: a <progress> whose value is taken away does not always turn indeterminate. */}
      {sent < 1 ? <progress key="upload" id={id} className={bar} max={100} value={percent} /> : <progress key="write" id={id} className={bar} />}
      <p className={field.hint}>{sent < 1 ? t`Sending the file: ${percent}%` : t`Writing the products…`}</p>
    </div>
  );
}

/** The checked file's name and what importing it would do. */
function Preview({ name: file, report: { create, update, unchanged } }: { name: string; report: ImportReport }) {
  const { t } = useLingui();
  return (
    <>
      <p className="text-sm text-stone-600">{t`File: ${file}`}</p>
      <p className="font-medium">
        {t`${plural(create, { one: '# product to create', other: '# products to create' })}, ${plural(update, {
          one: '# to update',
          other: '# to update',
        })}, ${plural(unchanged, { one: '# unchanged', other: '# unchanged' })}`}
      </p>
    </>
  );
}

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const check = useCheckProductsCsv();
  const importer = useImportProductsCsv();
  const [sent, setSent] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);
  const checking = useRef<AbortController | null>(null);
  const noteId = useId();
  const reasonId = useId();
  const checkingId = useId();
  // A check still under way when the dialog closes is not needed any more.
  useEffect(() => () => checking.current?.abort(), []);

  const importing = importer.isPending;
  const checked = check.isSuccess ? check.data : null;
  const refused = refusedImport(importer.error);
  const rows = refused?.errors ?? checked?.report.errors ?? [];

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    checking.current?.abort();
    check.reset();
    importer.reset();
    setTooLarge(false);
    if (!file) return;
    if (file.size > IMPORT_LIMIT_BYTES) {
      setTooLarge(true);
      return;
    }
    const controller = new AbortController();
    checking.current = controller;
    check.mutate({ file, signal: controller.signal });
  };

  // Why Import cannot be pressed now: it stays focusable (aria-disabled) and is described by the
  // reason, the bad rows' note or 'Checking the file…'.
  let reason: string | null = null;
  if (!checked && !check.isPending) reason = t`Choose a CSV file: it is checked before anything is imported.`;
  else if (checked && rows.length === 0 && checked.report.create + checked.report.update === 0)
    reason = t`Nothing to import: the file changes no product.`;
  const blocked = check.isPending || reason !== null || rows.length > 0;
  const describedBy = importing ? undefined : check.isPending ? checkingId : rows.length > 0 ? noteId : reason ? reasonId : undefined;

  const start = () => {
    if (!checked || blocked || importing) return;
    setSent(0);
    importer.mutate(
      { bytes: checked.bytes, onUploadProgress: setSent },
      {
        onSuccess: ({ create, update }) => {
          toast.success(t`Imported: ${create} created, ${update} updated`);
          onClose();
        },
        onError: (err) => logError('Product import failed', err),
      },
    );
  };

  let failure: string | null = null;
  if (importer.isError) failure = adminErrorMessage(importer.error, t`Failed to import products`);
  else if (check.isError && !(check.error instanceof DOMException && check.error.name === 'AbortError'))
    failure = adminErrorMessage(check.error, t`Failed to check the file`);

  // Closing while the import is sent would hide whether it was written.
  const close = () => {
    if (!importing) onClose();
  };

  return (
    <Modal title={t`Import products`} onClose={close} size="lg">
      <TextField
        label={t`CSV file`}
        type="file"
        accept=".csv,text/csv"
        onChange={choose}
        // Choosing the same file again (fixed in the spreadsheet) still checks it.
        onClick={(e) => {
          e.currentTarget.value = '';
        }}
        disabled={importing}
        error={tooLarge ? t`This file is larger than 16 MB, the most one import takes. Split it into smaller files.` : undefined}
        hint={t`The columns of Export CSV. Choosing a file checks it; nothing is written until you press Import.`}
        data-autofocus
      />
      <div role="status" className="mt-4 text-stone-800">
        {check.isPending && <p id={checkingId}>{t`Checking the file…`}</p>}
        {checked && !refused && <Preview name={checked.name} report={checked.report} />}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          {failure}
        </p>
      )}
      {rows.length > 0 && <RowsToFix rows={rows} noteId={noteId} />}
      {importing && <ImportProgress sent={sent} />}
      {reason && (
        <p id={reasonId} className="mt-4 text-sm text-stone-600 sm:text-right">
          {reason}
        </p>
      )}
      <div className="mt-4 flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
        <button type="button" className={btn.secondary} onClick={close} disabled={importing}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className={`${btn.primary} ${importing ? BUSY : 'aria-disabled:cursor-not-allowed aria-disabled:bg-stone-400'}`}
          aria-disabled={blocked || importing || undefined}
          aria-describedby={describedBy}
          onClick={start}
        >
          <Trans>Import</Trans>
        </button>
      </div>
    </Modal>
  );
}
