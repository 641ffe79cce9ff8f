/** An error whose message users may see. Routes and services throw it; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = 'Unauthorized', code?: string) => new AppError(401, message, code);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message = 'Not found', code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
export const unprocessable = (message: string, code?: string) => new AppError(422, message, code);
export const tooManyRequests = (message = 'Too many requests. Please try again later.') => new AppError(429, message);
