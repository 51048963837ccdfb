export interface PromptPreset {
  id: string;
  label: string;
  /** What the model is asked to write about; also kept with the draft. */
  prompt: string;
}

export const PROMPT_PRESETS: readonly PromptPreset[] = [
  {
    id: 'new-product',
    label: 'New product or feature',
    prompt: 'Announce a new product or feature',
  },
  {
    id: 'customer-success',
    label: 'Customer success story',
    prompt: 'Share a customer success story',
  },
  {
    id: 'company-culture',
    label: 'Company culture or team',
    prompt: 'Show our company culture or introduce our team',
  },
  { id: 'industry-news', label: 'Industry news', prompt: 'Comment on recent industry news' },
  {
    id: 'educational',
    label: 'Educational content',
    prompt: 'Teach our audience something useful (educational content)',
  },
  {
    id: 'behind-the-scenes',
    label: 'Behind-the-scenes',
    prompt: 'Give a behind-the-scenes look at our business',
  },
  { id: 'faqs', label: 'FAQs', prompt: 'Answer a frequently asked question from our customers' },
  {
    id: 'user-generated',
    label: 'User-generated content',
    prompt: 'Highlight user-generated content from our customers',
  },
];
