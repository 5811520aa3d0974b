import { z } from 'zod';
import { idText } from '../ids';

/** GET /svc/activity/{blogName}?before= */
export const activityPageQuery = z.object({
  before: idText('before', {
    missing: 'The before cursor is the id of a notification: digits only.',
    digits: 'The before cursor is the id of a notification: digits only.',
  }).optional(),
});

/** POST /svc/activity/{blogName}/seen. Ids are strings: they do not fit a JSON number. */
export const activitySeenSchema = z.object({
  id: idText('id', {
    missing: 'Say up to which notification you have seen: send its id as a string of digits.',
    digits: 'The id of a notification is a string of digits.',
  }),
});

/** Query flags are text: 1, true or on turn one on; absent, 0, false or off leave it off. */
const queryFlag = (name: string) =>
  z
    .enum(['1', 'true', 'on', '0', 'false', 'off', ''], { error: `${name} is 1 or 0 (true or false).` })
    .optional()
    .transform((value) => value === '1' || value === 'true' || value === 'on');

/** The include_ flags of GET /svc/data/tumblelog (spec 1 §7). */
export const tumblelogIncludeQuery = z.object({
  include_member_data: queryFlag('include_member_data'),
  include_activity_data: queryFlag('include_activity_data'),
  include_activity_notifications: queryFlag('include_activity_notifications'),
});
export type TumblelogIncludes = z.infer<typeof tumblelogIncludeQuery>;
