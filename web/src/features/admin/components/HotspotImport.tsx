/**
 * Imports hotspots from a .csv or .json file (the IMPORT tab's data) and
 * shows what the API made of it: imported, skipped, and why each refused
 * row was refused.
 */
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { useImportHotspots, type ImportReport } from '../api/hotspotSources';
import { adminText, type AdminKey } from './text';

export function HotspotImport() {
  const { lang } = useI18n();
  const tr = (k: AdminKey, vars?: Record<string, string | number>) => adminText(k, lang, vars);
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportHotspots();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate(file);
  };

  return (
    <section data-testid="hotspot-import">
      <h2>{tr('import.title')}</h2>
      <p className="muted">{tr('import.csv')}</p>
      <p className="muted">{tr('import.json')}</p>
      <form className="inline-form" onSubmit={submit}>
        <input
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-label={tr('import.file')}
          data-testid="import-file"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
        <button type="submit" className="button primary" data-testid="import-submit" disabled={!file || upload.isPending}>
          {upload.isPending ? tr('import.uploading') : tr('import.upload')}
        </button>
      </form>
      {upload.isError && (
        <p className="form-error" role="alert" data-testid="import-error">
          {isApiError(upload.error) ? upload.error.msg : String(upload.error)}
        </p>
      )}
      {upload.data && <ImportReportView report={upload.data} tr={tr} />}
    </section>
  );
}

export function ImportReportView({ report, tr }: { report: ImportReport; tr: (k: AdminKey, vars?: Record<string, string | number>) => string }) {
  return (
    <div data-testid="import-report" data-imported={report.imported} data-skipped={report.skipped}>
      <p data-testid="import-summary">{tr('import.report', { imported: report.imported, skipped: report.skipped })}</p>
      {report.errors.length > 0 && (
        <ul className="import-errors" data-testid="import-errors">
          {report.errors.map((e) => (
            <li key={`${e.row}:${e.message}`} data-testid="import-row-error" data-row={e.row}>
              {tr('import.row', { row: e.row, message: e.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
