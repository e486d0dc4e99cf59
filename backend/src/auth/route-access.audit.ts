import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { ROUTE_ACCESS_KEY } from '../common/http/route-access.decorators.js';

/**
 * Refuses to start when a controller method has no access declaration (@Public, @Authenticated,
 * @BoardReader or @ForRoute): forgetting one must fail loudly at boot, not open or close an endpoint silently.
 */
@Injectable()
export class RouteAccessAudit implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const missing = this.undeclaredEndpoints();
    if (missing.length) throw new Error(`Endpoints without an access declaration: ${missing.join(', ')}`);
  }

  undeclaredEndpoints(): string[] {
    const missing: string[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[method] as (...args: unknown[]) => unknown;
        if (this.reflector.get(PATH_METADATA, handler) === undefined) continue;
        const declared =
          this.reflector.get(ROUTE_ACCESS_KEY, handler) ?? this.reflector.get(ROUTE_ACCESS_KEY, instance.constructor as (...args: unknown[]) => unknown);
        if (!declared) missing.push(`${instance.constructor.name}.${method}`);
      }
    }
    return missing;
  }
}
