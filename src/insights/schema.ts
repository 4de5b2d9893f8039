// Placeholder until the insights engine lands; replaced by the insights work.
import { Type } from '@sinclair/typebox'
export const Insights = Type.Object({}, { $id: 'Insights', additionalProperties: true })
