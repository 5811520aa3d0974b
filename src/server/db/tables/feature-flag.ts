/** A feature flag's default (spec 1 §6 names them). */
export interface FeatureFlagTable {
  name: string;
  enabled: boolean;
  description: string;
}

/** A flag turned on or off for one user, whatever its default. */
export interface FeatureFlagOverrideTable {
  user_id: string;
  name: string;
  enabled: boolean;
}
