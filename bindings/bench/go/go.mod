module putget

go 1.22

require github.com/ferrock/ferrock/bindings/go v0.0.0

replace github.com/ferrock/ferrock/bindings/go => ../../go
