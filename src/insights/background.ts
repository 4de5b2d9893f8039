/**
 * A background of general review language for ranking topics by how characteristic they are of this
 * business (c-TF-IDF's idea: a phrase frequent here but common everywhere says little). Nouns that
 * reviews of any kind of business use (restaurants, shops, hotels, trades), with a rough frequency per
 * million words of review text, hand-estimated and rounded to an order of magnitude: a ranking aid,
 * not a measurement. A word absent from the table counts as rare (RARE_PER_MILLION).
 */
export const RARE_PER_MILLION = 5

export const BACKGROUND_PER_MILLION: Record<string, number> = {
  // Everywhere
  service: 3000, time: 3000, place: 2500, staff: 2000, experience: 1500, people: 1500, price: 1200, prices: 800, customer: 1000, job: 1000,
  work: 1500, day: 1200, thing: 1000, things: 800, way: 800, lot: 800, year: 700, years: 700, business: 600, company: 600, owner: 500,
  team: 500, quality: 600, money: 500, value: 400, recommendation: 200, review: 500, reviews: 400, star: 300, stars: 400, visit: 500,
  appointment: 400, call: 400, phone: 300, email: 150, question: 300, questions: 300, problem: 500, issue: 400, issues: 300, help: 500,
  manager: 400, person: 400, guy: 400, guys: 300, friend: 300, family: 300, home: 500, house: 300, area: 300, town: 300, city: 200,
  location: 400, parking: 200, hour: 500, hours: 500, minute: 400, minutes: 500, week: 300, weeks: 200, month: 200, months: 200,
  morning: 200, afternoon: 150, evening: 150, night: 300, weekend: 150, order: 500, product: 400, products: 300, selection: 200,
  atmosphere: 300, food: 2500, menu: 500, restaurant: 600, table: 300, waiter: 200, waitress: 200, server: 200, drink: 300, drinks: 300,
  room: 600, rooms: 300, hotel: 500, bed: 200, breakfast: 300, store: 500, shop: 400, office: 300, front: 200, desk: 200, car: 400,
  wait: 300, line: 200, care: 300, attention: 200, detail: 200, details: 150, option: 150, options: 200, quote: 60, estimate: 40,
  bill: 100, invoice: 30, deal: 200, discount: 100, fee: 80, cost: 200, payment: 100, cash: 80, card: 100, delivery: 300, pickup: 80,
  repair: 150, repairs: 80, installation: 60, install: 40, technician: 60, tech: 60, crew: 50, contractor: 30, plumber: 20,
  electrician: 15, professional: 150, professionalism: 60, communication: 100, response: 100, update: 80, updates: 60, follow: 50,
  'customer service': 800, 'great service': 400, 'good service': 300, 'great job': 300, 'good job': 200, 'great experience': 200,
  'front desk': 150, 'next day': 120, 'same day': 40, 'first time': 300, 'whole thing': 60, 'great price': 100, 'fair price': 60,
  'reasonable price': 60, 'great work': 100, 'good work': 80, 'phone call': 60, 'service call': 10,
  kids: 200, kid: 100, wife: 200, husband: 200, mom: 100, dad: 100, daughter: 100, son: 100, neighbor: 40, dog: 150,
  kitchen: 120, bathroom: 100, door: 150, floor: 100, window: 100, water: 200, light: 100, air: 100, wall: 60, yard: 40, garage: 40,
  basement: 30, roof: 30, sink: 30, shower: 40, toilet: 20, pipe: 10, pipes: 10, drain: 10, leak: 15, heat: 50, heating: 20,
  furnace: 5, ac: 20, unit: 60, system: 100, part: 150, parts: 150, equipment: 60, tool: 40, tools: 40, truck: 40, van: 30,
}

/** Background frequency of a phrase: its rarest word's, rarer still for a phrase of several words. */
export function backgroundPerMillion(phrase: string): number {
  const exact = BACKGROUND_PER_MILLION[phrase]
  if (exact !== undefined) return exact
  const words = phrase.split(/[\s-]+/)
  const rarest = Math.min(...words.map((w) => BACKGROUND_PER_MILLION[w] ?? RARE_PER_MILLION))
  return words.length > 1 ? Math.max(1, rarest / (5 * (words.length - 1))) : rarest
}
