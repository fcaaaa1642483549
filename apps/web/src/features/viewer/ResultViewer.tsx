import type { ConversionResult } from '@tracery/contracts';
import { ComparisonViewer } from './ComparisonViewer';
import { OtherFormats } from './OtherFormats';
import { useObjectUrl } from './useObjectUrl';
import { useSvgText } from './useSvgText';

/** A finished conversion in the comparison viewer, with its other formats. */
export default function ResultViewer({
  result,
  original,
}: {
  result: ConversionResult;
  original: File | null;
}) {
  // Any result is viewed as SVG, written from its stored vector.
  const loaded = useSvgText(`${result.result_url}?format=svg`, { withSession: true });
  const originalUrl = useObjectUrl(original);
  if (loaded.isError)
    return (
      <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
        The result could not be loaded for viewing; Download still works.
      </p>
    );
  return (
    <ComparisonViewer
      name={result.original_filename}
      svg={loaded.data ?? null}
      originalUrl={originalUrl}
      testId="result-viewer"
    >
      <OtherFormats result={result} />
    </ComparisonViewer>
  );
}
