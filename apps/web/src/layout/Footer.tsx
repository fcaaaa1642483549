import { Link } from 'react-router';
import { CONVERTER_MENU } from '../content/landingSlugs';

const COLUMNS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'Converters',
    links: CONVERTER_MENU,
  },
  {
    title: 'Product',
    links: [
      { to: '/batch', label: 'Batch Processing' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/analytics', label: 'Usage Analytics' },
      { to: '/developer', label: 'Developer API' },
      { to: '/cloud-storage', label: 'Cloud Storage' },
      { to: '/compare', label: 'Compare Tracery' },
    ],
  },
  {
    title: 'Learn',
    links: [
      { to: '/blog', label: 'Blog' },
      { to: '/how-to-convert', label: 'How to Convert' },
      { to: '/tutorials', label: 'Tutorials' },
      { to: '/batch-vectorization-guide', label: 'Batch Vectorization Guide' },
      { to: '/vector-tracing', label: 'Vector Tracing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
      { to: '/partners', label: 'Partners' },
      { to: '/legal', label: 'Legal' },
    ],
  },
];

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
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={`Footer: ${col.title}`}>
            <h2 className="text-sm font-semibold">{col.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-muted hover:text-ink hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
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
