/**
 * A small per-aspect learned model for the analyser's unit tests, so their examples do not move when the shipped
 * weights are trained again: labels communication and price (present, negative); it adds price on its own (0.7),
 * never communication. `weights` are per feature, in label order.
 */
import type { LearnedModel } from '../../src/insights/rules/learned'

export function smallAspectModel(weights: LearnedModel['weights']): LearnedModel {
  return {
    mode: 'aspect',
    labels: ['communication:present', 'communication:negative', 'price:present', 'price:negative'],
    bias: [-4, 0, -4, 0],
    weights,
    add: 2,
    drop: 0,
    adds: [2, 0.7],
    drops: [0, 0],
    negative: 0.5,
    features: ['w'],
  }
}
