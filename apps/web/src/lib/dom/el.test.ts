import { describe, expect, it } from 'vitest';
import { el, setAttr, svgEl } from './el';

describe('el / svgEl', () => {
  it('when given attributes and children, then builds the element they describe', () => {
    const label = el('label', { for: 'x', class: 'a b' }, 'Correo ', el('span', {}, '(opcional)'));
    expect(label.outerHTML).toBe(
      '<label for="x" class="a b">Correo <span>(opcional)</span></label>',
    );
  });

  it('when building SVG, then the elements are in the SVG namespace (drawn by the browser)', () => {
    const icon = svgEl('svg', { viewBox: '0 0 24 24' }, svgEl('circle', { r: '3' }));
    expect(icon.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(icon.firstElementChild?.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(icon.getAttribute('viewBox')).toBe('0 0 24 24');
  });

  it('when an attribute becomes undefined, then setAttr removes it', () => {
    const input = el('input', { 'aria-invalid': 'true' });
    setAttr(input, 'aria-invalid', undefined);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    setAttr(input, 'aria-describedby', 'x-error');
    expect(input.getAttribute('aria-describedby')).toBe('x-error');
  });
});
