import { createContext } from 'react';

/**
 * The rich editor shows its static formatting toolbar (spec 1 §2) where this is true: the inline
 * post form turns it on for the editors inside it, without threading a prop through every field.
 */
export const StaticToolbarContext = createContext(false);
