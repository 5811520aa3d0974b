/** Why a post is reported: the reasons the Report form lists, in its order. */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'sensitive', label: 'Sensitive or mature content that is not flagged' },
  { value: 'copyright', label: 'It uses my work without permission' },
  { value: 'other', label: 'Something else' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

export const REPORT_MESSAGE_MAX = 500;

export const REPORT_THANKS = 'Thanks, we will look into it.';
