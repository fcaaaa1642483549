import { useEffect, useState } from 'react';
import type { Example } from '../../content/examples';
import { formatBytes } from '../convert/types';
import { ComparisonViewer } from '../viewer/ComparisonViewer';

/** A real example traced by our engine: the small raster and its vector, to compare and zoom. */
export default function BeforeAfter({ example }: { example: Example }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch(example.after, { signal: ctrl.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then(setSvg)
      .catch(() => !ctrl.signal.aborted && setFailed(true));
    return () => ctrl.abort();
  }, [example.after]);
  if (failed) return null;
  const { source } = example;
  return (
    <ComparisonViewer
      name={`${source.icon} (${example.width}×${example.height} px)`}
      svg={svg}
      originalUrl={example.before}
      testId="before-after"
    >
      <p className="mt-3 text-xs text-muted">
        Before: a {example.width}×{example.height} px{' '}
        {example.before.endsWith('.jpg') ? 'JPEG' : 'PNG'} of {formatBytes(example.beforeBytes)}.
        After: the SVG our standard tier made from it, {formatBytes(example.afterBytes)}, untouched.
        Artwork: “{source.icon}” from{' '}
        <a href={source.url} className="underline" rel="noopener">
          {source.set}
        </a>{' '}
        by {source.author}, {source.licence} licence.
      </p>
    </ComparisonViewer>
  );
}
