import { describe, expect, it } from "vitest";
import { throttledAddress } from "~/identity/client-address";
import { waitMessage } from "~/identity/login-form";
import { DEFAULT_SIGN_IN_THROTTLE } from "~/identity/options";
import { waitAfterFailure } from "~/identity/sign-in-throttle.server";

describe("the sign-in throttle's waits", () => {
  it("are free for the first failures, then 15 s doubling to at most 15 minutes", () => {
    const waits = Array.from({ length: 14 }, (_, i) => waitAfterFailure(i + 1, 4, DEFAULT_SIGN_IN_THROTTLE));
    expect(waits).toEqual([0, 0, 0, 0, 15, 30, 60, 120, 240, 480, 900, 900, 900, 900]);
    expect(waitAfterFailure(1, 0, DEFAULT_SIGN_IN_THROTTLE)).toBe(15);
    expect(waitAfterFailure(10_000, 4, DEFAULT_SIGN_IN_THROTTLE)).toBe(900);
  });

  it("are told in seconds, or in whole minutes rounded up", () => {
    expect(waitMessage(1)).toBe("Too many failed attempts. Try again in 1 second.");
    expect(waitMessage(15)).toBe("Too many failed attempts. Try again in 15 seconds.");
    expect(waitMessage(90)).toBe("Too many failed attempts. Try again in 90 seconds.");
    expect(waitMessage(91)).toBe("Too many failed attempts. Try again in 2 minutes.");
    expect(waitMessage(900)).toBe("Too many failed attempts. Try again in 15 minutes.");
  });
});

describe("the client address the throttle counts", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(throttledAddress("192.0.2.7")).toBe("192.0.2.7");
    expect(throttledAddress("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(throttledAddress("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts an IPv6 address as its /64 network, however it is written", () => {
    expect(throttledAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3::/64");
    expect(throttledAddress("2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff")).toBe("2001:db8:85a3:8d3::/64");
    expect(throttledAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttledAddress("2001:db8:0:0:1::")).toBe("2001:db8:0:0::/64");
    expect(throttledAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttledAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(throttledAddress("64:ff9b::192.0.2.7")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves anything else as it is", () => {
    expect(throttledAddress("unknown")).toBe("unknown");
  });
});
