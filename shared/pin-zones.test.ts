import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from './gst';
import { DELIVERY_ZONES, deliveryZone, METRO_PREFIXES, NORTH_EAST_STATE_CODES, stateOfPin } from './pin-zones';

describe('stateOfPin', () => {
  it('names the state of each postal circle by its first two digits', () => {
    const cases: [string, string][] = [
      ['110001', '07'], // Delhi
      ['122001', '06'], // Gurugram, Haryana
      ['141001', '03'], // Ludhiana, Punjab
      ['171001', '02'], // Shimla
      ['190001', '01'], // Srinagar
      ['226001', '09'], // Lucknow
      ['302001', '08'], // Jaipur
      ['380001', '24'], // Ahmedabad
      ['400001', '27'], // Mumbai
      ['452001', '23'], // Indore
      ['492001', '22'], // Raipur
      ['500001', '36'], // Hyderabad
      ['520001', '37'], // Vijayawada
      ['560001', '29'], // Bengaluru
      ['600001', '33'], // Chennai
      ['682001', '32'], // Kochi
      ['700001', '19'], // Kolkata
      ['751001', '21'], // Bhubaneswar
      ['781001', '18'], // Guwahati
      ['800001', '10'], // Patna
    ];
    for (const [pin, state] of cases) expect(stateOfPin(pin), pin).toBe(state);
  });

  it('finds the states and territories inside another circle by a longer prefix', () => {
    const cases: [string, string][] = [
      ['160017', '04'], // Chandigarh inside Punjab's 16
      ['194101', '38'], // Leh, Ladakh inside Jammu and Kashmir's 19
      ['248001', '05'], // Dehradun
      ['249401', '05'], // Haridwar
      ['263139', '05'], // Haldwani
      ['262501', '05'], // Pithoragarh
      ['262001', '09'], // Pilibhit, Uttar Pradesh: the rest of 262
      ['247667', '05'], // Roorkee
      ['247001', '09'], // Saharanpur, Uttar Pradesh: the rest of 247
      ['246001', '05'], // Pauri
      ['246701', '09'], // Bijnor, Uttar Pradesh
      ['244713', '05'], // Kashipur
      ['244001', '09'], // Moradabad
      ['403001', '30'], // Panaji, Goa inside Maharashtra's 40
      ['396230', '26'], // Silvassa
      ['362520', '26'], // Diu, a single PIN inside Gujarat's 36
      ['605001', '34'], // Puducherry inside Tamil Nadu's 60
      ['609602', '34'], // Karaikal
      ['673310', '34'], // Mahe, a single PIN inside Kerala's 67
      ['682555', '31'], // Kavaratti, Lakshadweep inside Kerala's 68
      ['737101', '11'], // Gangtok, Sikkim inside West Bengal's 73
      ['744101', '35'], // Port Blair
      ['791111', '12'], // Itanagar
      ['793001', '17'], // Shillong
      ['795001', '14'], // Imphal
      ['796001', '15'], // Aizawl
      ['797001', '13'], // Kohima
      ['799001', '16'], // Agartala
      ['834001', '20'], // Ranchi, Jharkhand
      ['826001', '20'], // Dhanbad
      ['814112', '20'], // Deoghar
      ['831001', '20'], // Jamshedpur
      ['823001', '10'], // Gaya, Bihar between Jharkhand's 822 and 825
      ['812001', '10'], // Bhagalpur
    ];
    for (const [pin, state] of cases) expect(stateOfPin(pin), pin).toBe(state);
  });

  it('knows no state for the Army Postal Service (9x) or unused circles', () => {
    for (const pin of ['900001', '999999', '350001', '541234', '651234', '861234']) expect(stateOfPin(pin), pin).toBeNull();
  });

  it('maps only to real GST state codes', () => {
    const codes = new Set(INDIAN_STATES.map((state) => state.code));
    for (let prefix = 100; prefix <= 999; prefix++) {
      const state = stateOfPin(`${prefix}001`);
      if (state !== null) expect(codes.has(state), `${prefix}`).toBe(true);
    }
    for (const code of NORTH_EAST_STATE_CODES) expect(codes.has(code), code).toBe(true);
  });
});

describe('deliveryZone', () => {
  const BENGALURU = '560034';

  it('puts a PIN in the first zone that fits: same city, same state, north-east, metro, rest of India', () => {
    expect(deliveryZone('560001', BENGALURU)).toBe('sameCity');
    expect(deliveryZone('560300', BENGALURU)).toBe('sameCity');
    expect(deliveryZone('570001', BENGALURU)).toBe('sameState'); // Mysuru
    expect(deliveryZone('591101', BENGALURU)).toBe('sameState'); // Belagavi, edge of 59
    expect(deliveryZone('781001', BENGALURU)).toBe('northEast'); // Guwahati
    expect(deliveryZone('744101', BENGALURU)).toBe('northEast'); // Port Blair
    expect(deliveryZone('682555', BENGALURU)).toBe('northEast'); // Lakshadweep, though Kerala's 68
    expect(deliveryZone('194101', BENGALURU)).toBe('northEast'); // Leh
    expect(deliveryZone('190001', BENGALURU)).toBe('northEast'); // Srinagar
    expect(deliveryZone('737101', BENGALURU)).toBe('northEast'); // Gangtok, though West Bengal's 73
    expect(deliveryZone('110001', BENGALURU)).toBe('metro');
    expect(deliveryZone('400001', BENGALURU)).toBe('metro');
    expect(deliveryZone('700001', BENGALURU)).toBe('metro');
    expect(deliveryZone('600001', BENGALURU)).toBe('metro');
    expect(deliveryZone('500001', BENGALURU)).toBe('metro');
    expect(deliveryZone('226001', BENGALURU)).toBe('restOfIndia'); // Lucknow
    expect(deliveryZone('401101', BENGALURU)).toBe('restOfIndia'); // Bhayandar: Maharashtra, not Mumbai's 400
    expect(deliveryZone('682001', BENGALURU)).toBe('restOfIndia'); // Kochi
    expect(deliveryZone('900001', BENGALURU)).toBe('restOfIndia'); // Army Postal Service
  });

  it('counts same city and same state before metro and north-east', () => {
    // A Delhi shop: Delhi is its same city, not a metro; a Guwahati shop: Assam is its same state.
    expect(deliveryZone('110092', '110001')).toBe('sameCity');
    expect(deliveryZone('560001', '110001')).toBe('metro');
    expect(deliveryZone('782001', '781001')).toBe('sameState');
    expect(deliveryZone('793001', '781001')).toBe('northEast');
    // Bengaluru from elsewhere in Karnataka is the same state before it is a metro.
    expect(deliveryZone('560001', '575001')).toBe('sameState');
  });

  it('without a dispatch PIN, tells neither same city nor same state', () => {
    expect(deliveryZone('560001', null)).toBe('metro');
    expect(deliveryZone('570001', null)).toBe('restOfIndia');
    expect(deliveryZone('781001', null)).toBe('northEast');
  });

  it('has a name for each zone and the six metros', () => {
    expect(DELIVERY_ZONES).toHaveLength(5);
    expect([...METRO_PREFIXES].sort()).toEqual(['110', '400', '500', '560', '600', '700']);
  });
});
