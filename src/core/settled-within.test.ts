import { expect, test } from 'bun:test'
import { settledWithin } from './settled-within'

test('a promise that settles within the wait gives its value or its error', async () => {
  expect(await settledWithin(Promise.resolve(7), 50)).toEqual({ value: 7 })
  const error = new Error('failed')
  expect(await settledWithin(Promise.reject(error), 50)).toEqual({ error })
})

test('a promise still pending after the wait gives undefined, and settling later changes nothing', async () => {
  let settle!: (value: number) => void
  const pending = new Promise<number>((resolve) => (settle = resolve))
  expect(await settledWithin(pending, 5)).toBeUndefined()
  settle(1)
  expect(await pending).toBe(1)
})
