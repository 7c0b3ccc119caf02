import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogMethod = (...args: unknown[]) => void;
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that builds its pino child only when a line is actually written.
 * Fastify makes a child logger (with the request id) for every request; most requests write
 * nothing at the configured level, and building the child was a fifth of a small request's cost.
 */
class LazyChildLogger {
  private built: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}

  get level(): string {
    return this.real().level;
  }
  set level(level: string) {
    this.real().level = level;
  }

  fatal: LogMethod = (...args) => this.write('fatal', args);
  error: LogMethod = (...args) => this.write('error', args);
  warn: LogMethod = (...args) => this.write('warn', args);
  info: LogMethod = (...args) => this.write('info', args);
  debug: LogMethod = (...args) => this.write('debug', args);
  trace: LogMethod = (...args) => this.write('trace', args);
  silent: LogMethod = () => {};

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (this.built === undefined && !this.parent.isLevelEnabled(level)) return;
    const real = this.real();
    Reflect.apply(real[level], real, args);
  }

  private real(): FastifyBaseLogger {
    return (this.built ??= this.parent.child(this.bindings, this.options));
  }
}

/** Installs the lazy request logger on an app. */
export function useLazyRequestLoggers(app: FastifyInstance): void {
  app.setChildLoggerFactory((logger, bindings, options) => new LazyChildLogger(logger as PinoLike, bindings, options));
}

/** Whether Fastify's per-request lines (written at info) appear at this log level. */
export function requestLinesLogged(level: string): boolean {
  return ['info', 'debug', 'trace'].includes(level);
}
