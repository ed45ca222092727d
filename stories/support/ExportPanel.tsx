import { useState } from 'react';
import { useExport } from '../../src/hooks/index';

/** Exports an organization's shares as CSV or NDJSON with a progress bar and a Cancel button. */
export function ExportPanel({ organizationId }: { organizationId: string }) {
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  const [saved, setSaved] = useState<string>();
  const exporter = useExport('shares', {
    organizationId,
    format,
    pageSize: 50,
    sort: [{ id: 'name', desc: false }],
    // The story shows what the file holds; an app leaves `save` out and the browser downloads the file.
    save: (file, name) => void file.text().then((text) => setSaved(`${name}: ${text.split('\n').length - 1} lines`)),
  });
  const { progress, status } = exporter;
  const running = status === 'running';
  return (
    <div className="pw-story-actions">
      <label>
        Format{' '}
        <select value={format} onChange={(event) => setFormat(event.target.value as 'csv' | 'ndjson')}>
          <option value="csv">CSV</option>
          <option value="ndjson">NDJSON</option>
        </select>
      </label>
      <button type="button" onClick={() => void exporter.start()} disabled={running}>
        Export shares
      </button>
      <button type="button" onClick={exporter.cancel} disabled={!running}>
        Cancel
      </button>
      <progress aria-label="Export progress" value={progress?.rows ?? 0} max={progress?.total ?? 1} />
      <p role="status">
        {status === 'idle'
          ? ''
          : `${status === 'running' ? 'Exporting' : status === 'done' ? 'Exported' : status === 'cancelled' ? 'Cancelled' : 'Failed'}: ${progress?.rows ?? 0}${progress?.total === undefined ? '' : ` of ${progress.total}`} rows, ${progress?.pages ?? 0} pages.`}
        {status === 'done' && saved ? ` Saved ${saved}.` : ''}
      </p>
    </div>
  );
}
