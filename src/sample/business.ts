/** The fictional sample business: a home-services company with a roster, services and areas. */
import type { Business } from '../reviews/schema'

export const sampleBusiness: Business = {
  id: 'summit-ridge-home-services',
  name: 'Summit Ridge Home Services',
  description:
    'Family-owned plumbing, heating, cooling and electrical contractor serving the Pinecrest valley since 2009. Licensed, insured, 24/7 emergency service.',
  url: 'https://summitridge.example.com',
  telephone: '+1-970-555-0142',
  address: { street_address: '1420 Aspen Way, Suite B', locality: 'Pinecrest', region: 'CO', postal_code: '80599', country: 'US' },
  timezone: 'America/Denver',
  services: [
    {
      id: 'water-heater-repair',
      name: 'Water heater repair and replacement',
      aliases: ['water heater', 'hot water heater', 'tankless heater', 'tankless'],
    },
    { id: 'drain-cleaning', name: 'Drain cleaning', aliases: ['drain', 'clogged drain', 'clog', 'sewer line'] },
    { id: 'leak-repair', name: 'Leak detection and pipe repair', aliases: ['leak', 'leaking pipe', 'burst pipe'] },
    { id: 'furnace-repair', name: 'Furnace repair', aliases: ['furnace', 'heating system'] },
    { id: 'ac-repair', name: 'Air conditioning repair', aliases: ['air conditioner', 'AC unit', 'A/C'] },
    { id: 'hvac-maintenance', name: 'HVAC maintenance plan', aliases: ['tune-up', 'maintenance visit', 'maintenance plan'] },
    { id: 'electrical-panel-upgrade', name: 'Electrical panel upgrade', aliases: ['electrical panel', 'breaker panel', 'panel upgrade'] },
    { id: 'ev-charger-installation', name: 'EV charger installation', aliases: ['EV charger', 'car charger'] },
    { id: 'outlet-and-wiring-repair', name: 'Outlet and wiring repair', aliases: ['outlet', 'wiring', 'light switch'] },
    { id: 'toilet-repair', name: 'Toilet repair', aliases: ['toilet', 'running toilet'] },
  ],
  technicians: [
    { name: 'Mike Alvarez' },
    { name: 'José Ramírez' },
    { name: 'Sarah Chen' },
    { name: 'Dave Kowalski' },
    { name: 'Priya Nair' },
    { name: 'Tom Becker' },
    { name: 'Aisha Okafor' },
  ],
  service_areas: ['Pinecrest', 'Cedar Hollow', 'Maple Ridge', 'Riverbend', 'Elk Meadow', 'Stonebrook', 'Willow Creek'],
}
