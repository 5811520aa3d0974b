// Messaging's error codes and the texts a person reads (spec 2 §6 and §8, copied to the letter).
// The client picks its fetch-failure message by HTTP status and the first error code, so the
// pairs below are the contract between the two sides.

export const MessagingErrorCode = {
  /** 403: the sender's email is not verified. */
  unverifiedEmail: 7001,
  /** 403: the recipient turned messaging off (can_receive_messages false). */
  cannotReceive: 7002,
  /** 403: the recipient accepts messages only from blogs it follows. */
  followersOnly: 7003,
  /** 429: the sender started too many new conversations today. */
  dailyLimit: 7004,
  /**
   * 409: the sending blog accepts messages only from blogs it follows, and starts a conversation
   * with a blog it does not follow, which could never answer.
   */
  followToSend: 7005,
  /** 429: the account sent more messages this minute (or hour) than the send rate allows. */
  sendRate: 7006,
} as const;

export const MESSAGING_TEXTS = {
  unverifiedEmail: 'Please verify your email address before talking to a Tumblr.',
  followersOnly: (blog: string) => `Sorry, ${blog} only allows messages from Tumblrs they follow.`,
  followToSend: 'You can only send messages to Tumblrs you follow.',
  dailyLimit: "You've hit the daily limit on new conversations. Impressive.",
  cannotReceive: "This Tumblr can't receive messages.",
  couldNotLoad: 'Could not load conversation.',
  /** Not a spec text (the spec has no send rate): what was limited, and when to send again. */
  sendRate: (when: string) => `You're sending messages faster than anyone can read them. Wait a moment: you can send again ${when}.`,
} as const;

/** Spec 2 §5 (Image upload): the texts of a refused image message, to the letter. */
export const MESSAGE_IMAGE_TEXTS = {
  invalidType: 'Invalid file type.',
  tooBig: (limitBytes: number) => `Image must be smaller than ${Math.floor(limitBytes / 1048576)}MB`,
  broken: 'Something about that file is off. Try sending something else.',
} as const;
