import type { Example } from '../../content/examples';
import { formatBytes } from '../convert/types';
import { ComparisonViewer } from '../viewer/ComparisonViewer';
import { useSvgText } from '../viewer/useSvgText';

/** A real example traced by our engine: the small raster and its vector, to compare and zoom. */
export default function BeforeAfter({ example }: { example: Example }) {
  const svg = useSvgText(example.after);
  if (svg.isError) return null;
  const { source } = example;
  return (
    <ComparisonViewer
      name={`${source.icon} (${example.width}×${example.height} px)`}
      svg={svg.data ?? null}
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
