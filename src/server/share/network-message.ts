// Spec 2 §5: the send-a-post subviews' texts, checked where they arrive. Facebook's share window
// takes no text (the person pastes it there); the tweet is what Twitter's window opens with.
import { countSendPostTweet, FACEBOOK_MESSAGE_MAX, SEND_POST_TWEET } from '../../shared/share/tweet';
import { invalidField } from '../http/errors';
import type { ShareNetwork } from './share-data';

export function checkNetworkMessage(network: ShareNetwork, message: string | undefined): void {
  if (message === undefined) return;
  if (network === 'facebook' && [...message].length > FACEBOOK_MESSAGE_MAX) {
    throw invalidField('message', `A Facebook message can be at most ${FACEBOOK_MESSAGE_MAX} characters.`);
  }
  if (network === 'twitter' && !countSendPostTweet(message).valid) {
    throw invalidField('message', `A tweet must have 1 to ${SEND_POST_TWEET.limit} characters (a link counts as ${SEND_POST_TWEET.urlLength}).`);
  }
}
