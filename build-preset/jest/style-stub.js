// A stylesheet imported by a component is nothing under jest.
module.exports = {};
