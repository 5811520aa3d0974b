// Texts and paths of following (spec 1 §2, §4).

/** Where a logged-out visitor goes to follow a blog, and where notifications' Follow links point. */
export const followPath = (blogName: string) => `/follow/${encodeURIComponent(blogName)}`;

export const unfollowQuestion = (blogName: string) => `Are you sure you want to unfollow ${blogName}?`;
export const UNFOLLOW_OK = 'Ok';
export const UNFOLLOW_CANCEL = 'Nevermind';
