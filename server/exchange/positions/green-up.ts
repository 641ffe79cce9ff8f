// The hedge is shown in the browser before it is placed, so its maths lives in the contract.
export { greenUp } from '../../../src/contract/exchange-green-up';
