// Fedify's types name the standard Temporal (TypeScript's esnext.temporal); Node has no Temporal
// yet, and Fedify itself runs on @js-temporal/polyfill. Instants are made with the polyfill and
// typed as the standard one.
import { Temporal as Polyfill } from '@js-temporal/polyfill';

export const instantOf = (date: Date): Temporal.Instant => Polyfill.Instant.fromEpochMilliseconds(date.getTime()) as unknown as Temporal.Instant;
