import { useEffect, useState } from 'react';
import type { ConversionResult } from '@tracery/contracts';
import { fetchWithSession } from '../../lib/api';
import { ComparisonViewer } from './ComparisonViewer';
import { OtherFormats } from './OtherFormats';
import { useObjectUrl } from './useObjectUrl';

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'done'; svg: string };

function useResultSvg(url: string): Loaded {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchWithSession(url, { signal: ctrl.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((svg) => setState({ status: 'done', svg }))
      .catch(() => !ctrl.signal.aborted && setState({ status: 'error' }));
    return () => ctrl.abort();
  }, [url]);
  return state;
}

/** A finished conversion in the comparison viewer, with its other formats. */
export default function ResultViewer({
  result,
  original,
}: {
  result: ConversionResult;
  original: File | null;
}) {
  // Any result is viewed as SVG, written from its stored vector.
  const loaded = useResultSvg(`${result.result_url}?format=svg`);
  const originalUrl = useObjectUrl(original);
  if (loaded.status === 'error')
    return (
      <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
        The result could not be loaded for viewing; Download still works.
      </p>
    );
  return (
    <ComparisonViewer
      name={result.original_filename}
      svg={loaded.status === 'done' ? loaded.svg : null}
      originalUrl={originalUrl}
      testId="result-viewer"
    >
      <OtherFormats result={result} />
    </ComparisonViewer>
  );
}
