import type { Rng } from './seeded-faker.js';
import type { Address } from './sites.js';
import type { Country } from './sites-gen.js';

// Contact details shaped like the ones front desks really type in, per country.

interface Area {
  city: string;
  state: string;
  country: string;
  postcode: (rng: Rng) => string;
}

const LETTERS = 'ABDEFGHJLNPQRSTUWXY';
const letter = (rng: Rng) => LETTERS.charAt(rng.int(0, LETTERS.length - 1));
const ukCode = (districts: string[]) => (rng: Rng) =>
  `${rng.pick(districts)} ${rng.int(1, 9)}${letter(rng)}${letter(rng)}`;
const eircode = (rng: Rng) =>
  `D${String(rng.int(1, 24)).padStart(2, '0')} ${letter(rng)}${rng.int(0, 9)}${letter(rng)}${rng.int(0, 9)}`;
const zip = (codes: string[]) => (rng: Rng) => rng.pick(codes);

/** Where clients of a site live, keyed by the site's city. */
const AREAS: Record<string, Area[]> = {
  London: [
    {
      city: 'London',
      state: 'Greater London',
      country: 'United Kingdom',
      postcode: ukCode(['SW4', 'SE1', 'N1', 'E8', 'W11', 'NW3', 'WC1', 'EC1']),
    },
    { city: 'Croydon', state: 'Greater London', country: 'United Kingdom', postcode: ukCode(['CR0', 'CR2']) },
  ],
  Manchester: [
    {
      city: 'Manchester',
      state: 'Greater Manchester',
      country: 'United Kingdom',
      postcode: ukCode(['M1', 'M4', 'M20']),
    },
    { city: 'Salford', state: 'Greater Manchester', country: 'United Kingdom', postcode: ukCode(['M5', 'M6']) },
    { city: 'Stockport', state: 'Greater Manchester', country: 'United Kingdom', postcode: ukCode(['SK1', 'SK4']) },
  ],
  Dublin: [
    { city: 'Dublin', state: 'Co. Dublin', country: 'Ireland', postcode: eircode },
    {
      city: 'Dun Laoghaire',
      state: 'Co. Dublin',
      country: 'Ireland',
      postcode: (rng) => `A96 ${letter(rng)}${rng.int(0, 9)}${letter(rng)}${rng.int(0, 9)}`,
    },
  ],
  'New York': [
    {
      city: 'New York',
      state: 'NY',
      country: 'United States',
      postcode: zip(['10002', '10012', '10014', '10025', '10128']),
    },
    { city: 'Brooklyn', state: 'NY', country: 'United States', postcode: zip(['11201', '11215', '11217']) },
    { city: 'Jersey City', state: 'NJ', country: 'United States', postcode: zip(['07302', '07306']) },
  ],
  'Santa Monica': [
    { city: 'Santa Monica', state: 'CA', country: 'United States', postcode: zip(['90401', '90403', '90405']) },
    { city: 'Los Angeles', state: 'CA', country: 'United States', postcode: zip(['90025', '90034', '90066']) },
  ],
  Sydney: [
    { city: 'Sydney', state: 'NSW', country: 'Australia', postcode: zip(['2000', '2010', '2021']) },
    { city: 'Bondi', state: 'NSW', country: 'Australia', postcode: zip(['2026']) },
    { city: 'Newtown', state: 'NSW', country: 'Australia', postcode: zip(['2042']) },
  ],
};

const STREET_SUFFIX: Record<Country, string[]> = {
  GB: ['Road', 'Street', 'Avenue', 'Lane', 'Gardens', 'Close', 'Crescent', 'Grove'],
  IE: ['Road', 'Street', 'Avenue', 'Park', 'Terrace', 'Grove'],
  US: ['Street', 'Avenue', 'Boulevard', 'Place', 'Drive'],
  AU: ['Street', 'Road', 'Avenue', 'Parade', 'Lane'],
};

/** Builds addresses from a precomputed pool of street names: faker's own address calls are slow. */
export class AddressMaker {
  private readonly streets: string[];

  constructor(private readonly rng: Rng) {
    this.streets = Array.from({ length: 80 }, () => rng.lastName().split('-')[0] ?? 'Church');
  }

  make(country: Country, siteAddress: Address): Address {
    const area = this.rng.pick(AREAS[siteAddress.City] ?? AREAS.London ?? []);
    const n = this.rng.int(1, 240);
    const street = `${this.rng.pick(this.streets)} ${this.rng.pick(STREET_SUFFIX[country])}`;
    const flat = this.rng.chance(0.2)
      ? country === 'US'
        ? `, Apt ${this.rng.int(1, 30)}`
        : `, Flat ${this.rng.int(1, 12)}`
      : '';
    return {
      Street: `${n} ${street}${flat}`,
      City: area.city,
      State: area.state,
      Code: area.postcode(this.rng),
      Country: area.country,
    };
  }
}

export const EMPTY_ADDRESS: Address = { Street: '', City: '', State: '', Code: '', Country: '' };

const US_AREA: Record<string, string[]> = {
  'New York': ['212', '646', '917', '718'],
  'Santa Monica': ['310', '424', '213'],
};

/** A mobile number in one of the formats people actually enter for that country. */
export function mobileNumber(rng: Rng, country: Country, city = ''): string {
  const style = rng.int(0, 2);
  switch (country) {
    case 'GB': {
      const d = `7${rng.pick(['4', '5', '7', '8', '9'])}${rng.digits(8)}`;
      return style === 0 ? `0${d.slice(0, 4)} ${d.slice(4)}` : style === 1 ? `+44${d}` : `0${d}`;
    }
    case 'IE': {
      const d = `8${rng.pick(['3', '5', '6', '7', '9'])}${rng.digits(7)}`;
      return style === 0 ? `0${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}` : style === 1 ? `+353 ${d}` : `0${d}`;
    }
    case 'US': {
      const a = rng.pick(US_AREA[city] ?? ['212']);
      const d = `${rng.int(2, 9)}${rng.digits(6)}`;
      return style === 0
        ? `(${a}) ${d.slice(0, 3)}-${d.slice(3)}`
        : style === 1
          ? `+1${a}${d}`
          : `${a}-${d.slice(0, 3)}-${d.slice(3)}`;
    }
    case 'AU': {
      const d = `4${rng.digits(8)}`;
      return style === 0 ? `0${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : style === 1 ? `+61 ${d}` : `0${d}`;
    }
  }
}

/** Lowercase letters only, for building e-mail local parts. */
export function slug(text: string): string {
  // Decomposing keeps the base letter of accented names; it is slow, so only when needed.
  const plain = /[\u0080-\uffff]/.test(text) ? text.normalize('NFD') : text;
  return plain.toLowerCase().replace(/[^a-z]/g, '');
}
