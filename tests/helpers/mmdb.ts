/**
 * A small writer of MaxMind DB (MMDB v2) files, so tests have a location database
 * without downloading one. It writes an IPv4 search tree with 24-bit records, the
 * 16-byte separator, a data section and the metadata after the
 * "\xAB\xCD\xEFMaxMind.com" marker (https://maxmind.github.io/MaxMind-DB/).
 */
type Value = string | number | boolean | Value[] | { [key: string]: Value } | { double: number };

function controlBytes(type: number, size: number): Buffer {
  const sizeBytes: number[] = [];
  let sizeBits: number;
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    sizeBytes.push(size - 29);
  } else if (size < 65_821) {
    sizeBits = 30;
    const rest = size - 285;
    sizeBytes.push(rest >> 8, rest & 0xff);
  } else {
    sizeBits = 31;
    const rest = size - 65_821;
    sizeBytes.push((rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff);
  }
  // Types above 7 are "extended": type bits 0, then a byte holding type - 7.
  const head = type <= 7 ? [(type << 5) | sizeBits] : [sizeBits, type - 7];
  return Buffer.from([...head, ...sizeBytes]);
}

function unsigned(type: number, value: number): Buffer {
  const bytes: number[] = [];
  let rest = BigInt(value);
  while (rest > 0n) {
    bytes.unshift(Number(rest & 0xffn));
    rest >>= 8n;
  }
  return Buffer.concat([controlBytes(type, bytes.length), Buffer.from(bytes)]);
}

export function encodeValue(value: Value): Buffer {
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([controlBytes(2, bytes.length), bytes]);
  }
  if (typeof value === "boolean") return controlBytes(14, value ? 1 : 0);
  if (typeof value === "number") {
    if (!Number.isInteger(value) || value < 0) return encodeValue({ double: value });
    return value <= 0xffff ? unsigned(5, value) : value <= 0xffffffff ? unsigned(6, value) : unsigned(9, value);
  }
  if (Array.isArray(value)) return Buffer.concat([controlBytes(11, value.length), ...value.map(encodeValue)]);
  if ("double" in value && typeof value.double === "number" && Object.keys(value).length === 1) {
    const bytes = Buffer.alloc(8);
    bytes.writeDoubleBE(value.double);
    return Buffer.concat([controlBytes(3, 8), bytes]);
  }
  const entries = Object.entries(value as Record<string, Value>);
  return Buffer.concat([controlBytes(7, entries.length), ...entries.flatMap(([k, v]) => [encodeValue(k), encodeValue(v)])]);
}

type RecordValue = { node: number } | { data: number } | null;

/** An MMDB file mapping IPv4 networks ("127.0.0.0/8") to records. */
export function buildMmdb(networks: Record<string, Value>, databaseType = "GeoLite2-City"): Buffer {
  const nodes: [RecordValue, RecordValue][] = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, record] of Object.entries(networks)) {
    const [address, bitsText] = cidr.split("/");
    const bits = Number(bitsText);
    const ip = address!.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    const encoded = encodeValue(record);
    const offset = dataLength;
    data.push(encoded);
    dataLength += encoded.length;
    let node = 0;
    for (let depth = 0; depth < bits; depth++) {
      const bit = Math.floor(ip / 2 ** (31 - depth)) % 2;
      if (depth === bits - 1) {
        nodes[node]![bit] = { data: offset };
        break;
      }
      const next = nodes[node]![bit];
      if (next && "node" in next) node = next.node;
      else {
        nodes.push([null, null]);
        nodes[node]![bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  const recordNumber = (r: RecordValue) => (r === null ? nodeCount : "node" in r ? r.node : nodeCount + 16 + r.data);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(recordNumber(left), i * 6, 3);
    tree.writeUIntBE(recordNumber(right), i * 6 + 3, 3);
  });
  const metadata = encodeValue({
    node_count: nodeCount,
    record_size: 24,
    ip_version: 4,
    database_type: databaseType,
    languages: ["en"],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_763_769_600,
    description: { en: "Cinedex test location database" },
  });
  return Buffer.concat([tree, Buffer.alloc(16), ...data, Buffer.from("\xAB\xCD\xEFMaxMind.com", "latin1"), metadata]);
}

/** A city record in GeoLite2-City's shape. */
export function cityRecord(place: {
  countryCode: string;
  country: string;
  region: string;
  city: string;
  latitude: number;
  longitude: number;
}): Value {
  return {
    city: { names: { en: place.city } },
    country: { iso_code: place.countryCode, names: { en: place.country } },
    subdivisions: [{ names: { en: place.region } }],
    location: { latitude: { double: place.latitude }, longitude: { double: place.longitude }, accuracy_radius: 20 },
  };
}

/** The fixture the tests use: loopback is in Paris; 10.0.0.0/8 is in Osaka. */
export const FIXTURE_PLACES = {
  loopback: { countryCode: "FR", country: "France", region: "Île-de-France", city: "Paris", latitude: 48.856614, longitude: 2.3522219 },
  private10: { countryCode: "JP", country: "Japan", region: "Osaka", city: "Osaka", latitude: 34.693738, longitude: 135.502165 },
} as const;

export function fixtureMmdb(): Buffer {
  return buildMmdb({ "127.0.0.0/8": cityRecord(FIXTURE_PLACES.loopback), "10.0.0.0/8": cityRecord(FIXTURE_PLACES.private10) });
}
