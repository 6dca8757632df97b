import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it, vi } from "vitest";
import { loadConfig } from "#server/config.ts";
import { buildMmdb, cityRecord, fixtureMmdb } from "#tests/helpers/mmdb.ts";
import { locatorFromBuffer, openGeoLocator, roundCoordinate } from "./geoip.server.ts";

it("locates IPv4 addresses (also IPv4-mapped IPv6) and rounds coordinates to 2 decimals", () => {
  const locator = locatorFromBuffer(fixtureMmdb());
  expect(locator.locate("127.0.0.1")).toEqual({
    country: "France",
    region: "Île-de-France",
    city: "Paris",
    latitude: 48.86,
    longitude: 2.35,
  });
  expect(locator.locate("::ffff:10.200.1.1")).toMatchObject({ city: "Osaka", latitude: 34.69, longitude: 135.5 });
  expect(locator.locate("8.8.8.8")).toBeNull();
  expect(locator.locate("2001:db8::1")).toBeNull();
  expect(locator.locate("not an address")).toBeNull();
});

it("rounds half-way and negative coordinates and ignores missing ones", () => {
  expect(roundCoordinate(-33.868_82)).toBe(-33.87);
  expect(roundCoordinate(151.209_29)).toBe(151.21);
  expect(roundCoordinate(undefined)).toBeNull();
  const locator = locatorFromBuffer(buildMmdb({ "192.168.0.0/16": { country: { iso_code: "NZ" } } }));
  expect(locator.locate("192.168.4.4")).toEqual({ country: "NZ", region: null, city: null, latitude: null, longitude: null });
  expect(
    locatorFromBuffer(
      buildMmdb({
        "1.0.0.0/8": cityRecord({
          countryCode: "AU",
          country: "Australia",
          region: "NSW",
          city: "Sydney",
          latitude: -33.86882,
          longitude: 151.20929,
        }),
      }),
    ).locate("1.2.3.4"),
  ).toMatchObject({ latitude: -33.87, longitude: 151.21 });
});

it("treats no database as location unknown, and a missing or broken file the same with one warning", () => {
  const warn = vi.fn();
  expect(openGeoLocator(null, warn)).toBeNull();
  expect(warn).not.toHaveBeenCalled();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-geoip-"));
  expect(openGeoLocator(path.join(dir, "missing.mmdb"), warn)).toBeNull();
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0]![0]).toMatch(
    /GEOIP_DB .*missing\.mmdb cannot be read \(ENOENT\): quick requests are saved without a location\./,
  );
  const broken = path.join(dir, "broken.mmdb");
  fs.writeFileSync(broken, "not a database");
  expect(openGeoLocator(broken, warn)).toBeNull();
  expect(warn).toHaveBeenCalledTimes(2);
  const good = path.join(dir, "good.mmdb");
  fs.writeFileSync(good, fixtureMmdb());
  expect(openGeoLocator(good, warn)?.locate("127.0.0.1")?.city).toBe("Paris");
  fs.rmSync(dir, { recursive: true, force: true });
});

it("GEOIP_DB is optional and must name an .mmdb file", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cinedex-config-"));
  expect(loadConfig({ DATA_DIR: dataDir }).geoipDb).toBeNull();
  expect(loadConfig({ DATA_DIR: dataDir, GEOIP_DB: "geo/City.mmdb" }).geoipDb).toBe(path.resolve("geo/City.mmdb"));
  expect(() => loadConfig({ DATA_DIR: dataDir, GEOIP_DB: "/etc/passwd" })).toThrow(
    /GEOIP_DB must be the path of a MaxMind-format \.mmdb file/,
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
});
