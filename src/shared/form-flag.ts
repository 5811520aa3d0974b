import { z } from 'zod';

const ON = ['true', 'on', '1'];
const OFF = ['false', 'off', '0'];

/**
 * A yes/no field. JSON bodies send booleans; form bodies send text: 'true', 'on' or '1', and
 * 'false', 'off' or '0' (with `emptyIsOff`, an empty value too, as an unticked form field may).
 */
export const formFlag = (label: string, { emptyIsOff = false } = {}) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      if (ON.includes(value)) return true;
      if (OFF.includes(value) || (emptyIsOff && value === '')) return false;
      return value;
    },
    z.boolean({ error: `${label} must be true or false.` }),
  );
