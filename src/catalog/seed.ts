/**
 * First start with no database: load the sample dataset embedded in the executable, so a new user
 * sees a working service at once. A database with data in it is never touched.
 */
import { Value } from '@sinclair/typebox/value'
import sample from '../../data/sample.json' with { type: 'json' }
import { Business, type StoredReview } from '../reviews/schema'
import type { ReviewRepository } from '../reviews/repository'

export type Dataset = { business: Business; reviews: StoredReview[] }

export const embeddedSample = sample as unknown as Dataset

export function seedIfEmpty(store: ReviewRepository, dataset: Dataset = embeddedSample): boolean {
  if (!store.isEmpty()) return false
  if (!Value.Check(Business, dataset.business)) throw new Error('The embedded sample business does not match the Business schema.')
  store.write({ business: dataset.business, reviews: dataset.reviews })
  return true
}
