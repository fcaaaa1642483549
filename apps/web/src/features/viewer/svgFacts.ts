/** What a designer checks in a traced SVG: colours (by use), shapes and nodes. */
export interface SvgFacts {
  colours: { hex: string; shapes: number }[];
  shapes: number;
  nodes: number;
}

// Arguments per path command; every argument group ends at one node.
const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/** Nodes of one path's `d`: one per drawn segment end (closing a subpath adds none). */
export function countNodes(d: string): number {
  let nodes = 0;
  const commands = d.match(/[a-df-z][^a-df-z]*/gi) ?? [];
  for (const command of commands) {
    const per = ARGS[command[0].toLowerCase()];
    if (!per) continue;
    const numbers = command.slice(1).match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
    nodes += Math.floor(numbers.length / per);
  }
  return nodes;
}

/** Reads the facts from the SVG text with the browser's own XML parser (nothing is rendered). */
export function svgFacts(svg: string): SvgFacts {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const paths = Array.from(doc.getElementsByTagName('path'));
  const byColour = new Map<string, number>();
  let nodes = 0;
  for (const path of paths) {
    nodes += countNodes(path.getAttribute('d') ?? '');
    const fill = (path.getAttribute('fill') ?? inheritedFill(path) ?? '#000000').toLowerCase();
    if (fill !== 'none') byColour.set(fill, (byColour.get(fill) ?? 0) + 1);
  }
  const colours = [...byColour]
    .map(([hex, shapes]) => ({ hex, shapes }))
    .sort((a, b) => b.shapes - a.shapes);
  return { colours, shapes: paths.length, nodes };
}

function inheritedFill(el: Element): string | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const fill = p.getAttribute('fill');
    if (fill) return fill;
  }
  return null;
}

/** The same drawing as outlines: every path unfilled with a hairline stroke. */
export function outlineSvg(svg: string): string {
  const style =
    '<style>path,rect,circle,ellipse,polygon{fill:none!important;stroke:#0f172a!important;stroke-width:1px!important;vector-effect:non-scaling-stroke}</style>';
  return svg.replace(/<svg\b[^>]*>/, (open) => open + style);
}
