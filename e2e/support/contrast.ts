import type { Locator } from '@playwright/test';

/** An element's text colour and the colour it is drawn on (its own and its ancestors' backgrounds, blended). */
export interface Colours {
  text: [number, number, number];
  background: [number, number, number];
}

/**
 * Reads the colours a person sees: background colours are layered up the ancestors (translucent
 * ones blended over what is under them) down to the page's own colour. Background images are left
 * out, which in star mode are a few single-pixel stars.
 */
export async function coloursOf(target: Locator): Promise<Colours> {
  return target.evaluate((element) => {
    const parse = (value: string): [number, number, number, number] => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, value.startsWith('rgba') ? (parts[3] ?? 1) : 1];
    };
    const layers: [number, number, number, number][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    let under: [number, number, number] = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) {
      under = [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
    }
    const text = parse(getComputedStyle(element).color);
    return { text: [text[0], text[1], text[2]], background: under };
  });
}

/** WCAG 2 contrast ratio of two sRGB colours (1 to 21). */
export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = ([r, g, b]: [number, number, number]) => {
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
