// Texts and paths of following (spec 1 §2, §4).

/** Where a logged-out visitor goes to follow a blog, and where notifications' Follow links point. */
export const followPath = (blogName: string) => `/follow/${encodeURIComponent(blogName)}`;

/** The toast after an unfollow, which offers Undo instead of asking first. */
export const unfollowedText = (blogName: string) => `You unfollowed ${blogName}.`;
