/** Strings of the feature areas; each feature adds its own import here. */
import type { FeatureStrings } from './types';

export const featureStrings: FeatureStrings[] = [];
