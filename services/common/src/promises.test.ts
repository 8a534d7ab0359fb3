import { handledLater } from './promises';

describe('handledLater', () => {
  it('keeps the rejection for whoever awaits, and reports none as unhandled', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const kept = handledLater(Promise.reject(new Error('down')));
      handledLater(Promise.reject(new Error('never awaited')));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(kept).rejects.toThrow('down');
      expect(unhandled).not.toHaveBeenCalled();
      await expect(handledLater(Promise.resolve(3))).resolves.toBe(3);
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
