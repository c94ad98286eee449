module github.com/ferrock/ferrock/bindings/go

go 1.22
