/** A small hand-written dataset for black-box tests: every review's fields are known. */
import type { Business, StoredReview } from '../../src/reviews/schema'

export const business: Business = {
  id: 'acme-home',
  name: 'Acme Home Services',
  description: 'Plumbing, heating and electrical repairs.',
  url: 'https://acme.example.com',
  telephone: '+1-555-0100',
  address: { street_address: '1 Main St', locality: 'Springfield', region: 'CO', postal_code: '80000', country: 'US' },
  timezone: 'America/Denver',
  services: [
    { id: 'water-heater-repair', name: 'Water heater repair', aliases: ['water heater', 'tankless'] },
    { id: 'drain-cleaning', name: 'Drain cleaning', aliases: ['drain', 'clog'] },
    { id: 'ac-repair', name: 'AC repair', aliases: ['air conditioner', 'a/c'] },
  ],
  technicians: [{ name: 'Mike Alvarez' }, { name: 'José Ramírez' }, { name: 'Sarah Chen' }],
  service_areas: ['Springfield', 'Shelbyville'],
}

let n = 0
export function review(overrides: Partial<StoredReview>): StoredReview {
  n++
  return {
    id: `r-${String(n).padStart(3, '0')}`,
    rating: 5,
    date: '2025-01-01',
    author: 'Jane D.',
    text: 'Great work.',
    technicians: [],
    services: [],
    service_area: 'Springfield',
    source: 'google',
    verified: true,
    response: null,
    language: 'en',
    translation: null,
    ...overrides,
  }
}

export const reviews: StoredReview[] = [
  review({
    id: 'r-001',
    rating: 5,
    date: '2025-03-01',
    text: 'Mike fixed our water heater fast. Café-level service!',
    technicians: ['Mike Alvarez'],
    services: ['water-heater-repair'],
  }),
  review({
    id: 'r-002',
    rating: 1,
    date: '2025-02-15',
    text: 'José was late and the drain still clogs.',
    technicians: ['José Ramírez'],
    services: ['drain-cleaning'],
    response: { date: '2025-02-16', text: 'We are sorry; we will make it right.' },
  }),
  review({
    id: 'r-003',
    rating: 4,
    date: '2025-02-15',
    text: 'Sarah Chen repaired the air conditioner. A bit pricey.',
    technicians: ['Sarah Chen'],
    services: ['ac-repair'],
    service_area: 'Shelbyville',
  }),
  review({
    id: 'r-004',
    rating: 3,
    date: '2024-12-31',
    text: 'OK job on the tankless unit, but communication was poor.',
    services: ['water-heater-repair'],
  }),
  review({
    id: 'r-005',
    rating: 5,
    date: '2024-06-10',
    text: 'Hostile: <script>alert(1)</script> ]]> & "quotes" \u{1F527} tab\there\nnewline',
    author: 'Zoë <b>',
    service_area: null,
  }),
  review({ id: 'r-006', rating: 2, date: '2024-02-29', text: 'Leap day visit by mike, slow.', technicians: ['Mike Alvarez'] }),
  review({ id: 'r-007', rating: 5, date: '2025-01-20', text: 'Unverified review should never be published.', verified: false }),
]
