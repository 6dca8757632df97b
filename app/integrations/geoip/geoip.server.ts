import fs from "node:fs";
import net from "node:net";
import { Reader, type CityResponse } from "maxmind";

/**
 * Where a client address is, from a local MaxMind-format (MMDB) city database:
 * no third party is asked (docs/product/decisions.md "Visitor forms"). Only a place is kept:
 * country, region, city, and coordinates rounded to 2 decimals (about 1 km).
 *
 * Failure policy: no database configured, or one that cannot be read, means every
 * location is unknown (one warning at start); a lookup never throws.
 */
export interface GeoLocation {
  country: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface GeoLocator {
  /** The place of an address, or null when unknown. */
  locate(address: string): GeoLocation | null;
}

/** Two decimals: about 1 km, a place rather than a person. */
export function roundCoordinate(value: number | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** `::ffff:127.0.0.1` (how Node reports IPv4 clients on a dual-stack socket) as `127.0.0.1`. */
function plainAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  return net.isIP(plain) ? plain : null;
}

export function locatorFromBuffer(buffer: Buffer): GeoLocator {
  const reader = new Reader<CityResponse>(buffer);
  return {
    locate(address) {
      const ip = plainAddress(address);
      if (!ip) return null;
      let found: CityResponse | null;
      try {
        found = reader.get(ip);
      } catch {
        // An IPv6 address against an IPv4-only database, for one.
        return null;
      }
      if (!found) return null;
      const location: GeoLocation = {
        country: found.country?.names?.en ?? found.country?.iso_code ?? null,
        region: found.subdivisions?.[0]?.names?.en ?? null,
        city: found.city?.names?.en ?? null,
        latitude: roundCoordinate(found.location?.latitude),
        longitude: roundCoordinate(found.location?.longitude),
      };
      return Object.values(location).some((v) => v !== null) ? location : null;
    },
  };
}

/**
 * Opens the database at `path` once. Null (location unknown) when no path is set;
 * also null, with one warning, when the file is missing or not an MMDB database.
 */
export function openGeoLocator(path: string | null, onWarning: (message: string) => void): GeoLocator | null {
  if (!path) return null;
  try {
    return locatorFromBuffer(fs.readFileSync(path));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    onWarning(`GEOIP_DB ${path} cannot be read (${reason}): quick requests are saved without a location.`);
    return null;
  }
}
