import { describe, expect, it } from 'vitest';
import { countNodes, outlineSvg, svgFacts } from '../src/features/viewer/svgFacts';

describe('result viewer facts', () => {
  it('counts one node per drawn segment end, implicit repeats included', () => {
    expect(countNodes('M0 0L10 0L10 10Z')).toBe(3);
    expect(countNodes('M0 0 10 0 10 10z')).toBe(3);
    expect(countNodes('M0,0C1,1,2,2,3,3 4,4,5,5,6,6H9V9')).toBe(5);
    expect(countNodes('M1e2-5a5 5 0 0 1 10 0')).toBe(2);
  });

  it('lists colours by the number of shapes that use them, with shape and node counts', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
      <path fill="#FF0000" d="M0 0H5V5Z"/><path fill="#ff0000" d="M5 5H9V9Z"/>
      <g fill="#00ff00"><path d="M1 1L2 2"/></g></svg>`;
    expect(svgFacts(svg)).toEqual({
      colours: [
        { hex: '#ff0000', shapes: 2 },
        { hex: '#00ff00', shapes: 1 },
      ],
      shapes: 3,
      nodes: 8,
    });
  });

  it('draws outlines by unfilling and stroking every shape', () => {
    const out = outlineSvg('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>');
    expect(out).toMatch(/^<svg [^>]*><style>path,[^<]*fill:none!important;stroke:/);
  });
});
