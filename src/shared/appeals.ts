// Sensitive content and appeals (spec 2 §3, §4; issue 15): the levels, the texts and the answers.

/** Spec 2 §3: sensitive-content appeal levels. */
export const APPEAL_LEVEL = {
  none: 0,
  available_prioritize: 1,
  available: 2,
  in_review: 3,
  complete: 4,
} as const;
export type AppealLevel = (typeof APPEAL_LEVEL)[keyof typeof APPEAL_LEVEL];

/** Spec 2 §4 and issue 15: what a person reads, to the letter. */
export const SENSITIVE_TEXTS = {
  cover: 'This post may contain sensitive media.',
  safeModeLink: 'Safe Mode is on',
  showAnyway: 'show anyway',
  requestReview: 'Request Review',
  nevermind: 'Nevermind',
  requested: "Okay! We'll review the status of this and email you when we're done.",
  inReview: 'This post is still marked as sensitive, but is currently being reviewed.',
  complete: 'After review, it was determined that this post contains sensitive content.',
} as const;

/** POST /svc/appeal, /svc/moderation/post/sensitive and /svc/moderation/appeal/decide answer this. */
export interface AppealAnswer {
  post_id: string;
  is_sensitive: boolean;
  appeal_state: AppealLevel;
}

/** One post waiting in the admins' appeals queue. */
export interface AppealView {
  post: { id: string; type: string; url: string; summary: string };
  blog: { name: string; url: string };
  /** ISO 8601: when the owner asked for the review. */
  requested_at: string;
}

/** GET /svc/admin/appeals: oldest request last; `next` is the `before` of the next page. */
export interface AppealsPage {
  appeals: AppealView[];
  next: string | null;
}
