import { LinkItems } from '../components/LinkItems';
import { FOOTER_COLUMNS } from '../content/siteLinks';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div>
          <p className="text-lg font-bold">Tracery</p>
          <p className="mt-2 text-sm text-muted">
            Raster to vector: JPG, PNG, GIF and BMP in, SVG, PDF, EPS and DXF out.
          </p>
        </div>
        {FOOTER_COLUMNS.map((col) => (
          <nav key={col.title} aria-label={`Footer: ${col.title}`}>
            <h2 className="text-sm font-semibold">{col.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              <LinkItems links={col.links} className="text-muted hover:text-ink hover:underline" />
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-muted">
        © {new Date().getFullYear()} Tracery. All rights reserved.
      </p>
    </footer>
  );
}
