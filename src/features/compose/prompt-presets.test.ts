import { expect, it } from 'vitest';
import { PROMPT_PRESETS } from './prompt-presets';

it('offers the 8 prompt presets of the spec', () => {
  expect(PROMPT_PRESETS.map((preset) => preset.label)).toEqual([
    'New product or feature',
    'Customer success story',
    'Company culture or team',
    'Industry news',
    'Educational content',
    'Behind-the-scenes',
    'FAQs',
    'User-generated content',
  ]);
});
